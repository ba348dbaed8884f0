package org.concurrencylab.tools.jmeter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The key a lab and its agents share: one PKCS12 file holding an EC key pair and its self-signed
 * certificate, made once ({@link #create}) and copied to every load host. Each side presents that
 * certificate and trusts no other, so a peer is accepted only when it holds the same file.
 * <p>
 * The file's password is no secret (the file is, like an SSH private key): {@link #load} refuses a file
 * that its group or others may read, where the file system has POSIX permissions.
 */
final class AgentKey {

    /** The keystore's password: public, the file's permissions protect it. */
    static final String PASSWORD = "concurrency-lab";

    static final String ALIAS = "lab-agent";

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private AgentKey() {}

    /** A key the agent cannot use, in one line that names the file. */
    static final class Unusable extends Exception {
        Unusable(String message) {
            super(message);
        }
    }

    /**
     * Makes a new key at {@code file}, readable by its owner only, with the JDK's {@code keytool}; never
     * overwrites one. The key is written in a folder only the owner can enter, then moved into place.
     */
    static void create(Path file) throws Unusable, IOException, InterruptedException {
        Path target = file.toAbsolutePath();
        if (Files.exists(target)) {
            throw new Unusable("a file is already at " + target + ": remove it first, or name another");
        }
        Path folder = target.getParent();
        if (!Files.isDirectory(folder)) {
            Files.createDirectories(folder, ownerOnlyFolder(folder));
        }
        Path workspace = Files.createTempDirectory(folder, ".new-key-", ownerOnlyFolder(folder));
        try {
            Path made = workspace.resolve("key.p12");
            Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
            Process process = new ProcessBuilder(List.of(
                            keytool.toString(),
                            "-genkeypair",
                            "-alias",
                            ALIAS,
                            "-keyalg",
                            "EC",
                            "-groupname",
                            "secp256r1",
                            "-validity",
                            "3650",
                            "-dname",
                            "CN=Concurrency Lab agent key",
                            "-storetype",
                            "PKCS12",
                            "-keystore",
                            made.toString(),
                            "-storepass",
                            PASSWORD,
                            "-keypass",
                            PASSWORD))
                    .redirectErrorStream(true)
                    .start();
            String output = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new Unusable(
                        "keytool could not make a key: " + output.strip().replace('\n', ' '));
            }
            if (posix(made)) {
                Files.setPosixFilePermissions(made, OWNER_ONLY);
            }
            try {
                Files.move(made, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException e) {
                throw new Unusable("a file is already at " + target + ": remove it first, or name another");
            }
        } finally {
            try (var left = Files.list(workspace)) {
                for (Path path : left.toList()) {
                    Files.deleteIfExists(path);
                }
            }
            Files.deleteIfExists(workspace);
        }
    }

    /** TLS 1.3 that presents this key and accepts only a peer presenting the same certificate. */
    static SSLContext load(Path file) throws Unusable {
        Path key = file.toAbsolutePath();
        try {
            if (posix(key)) {
                Set<PosixFilePermission> wider = Files.getPosixFilePermissions(key);
                wider.removeAll(OWNER_ONLY);
                wider.remove(PosixFilePermission.OWNER_EXECUTE);
                if (!wider.isEmpty()) {
                    throw new Unusable("the key " + key + " may be read by others ("
                            + PosixFilePermissions.toString(Files.getPosixFilePermissions(key))
                            + "): make it the owner's only, chmod 600 " + key);
                }
            }
            KeyStore store = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(key)) {
                store.load(in, PASSWORD.toCharArray());
            }
            if (!(store.getEntry(ALIAS, new KeyStore.PasswordProtection(PASSWORD.toCharArray()))
                    instanceof KeyStore.PrivateKeyEntry entry)) {
                throw new Unusable(key + " holds no lab agent key (made with ./lab agent --new-key)");
            }
            KeyStore peer = KeyStore.getInstance("PKCS12");
            peer.load(null, null);
            peer.setCertificateEntry("peer", entry.getCertificate());
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, PASSWORD.toCharArray());
            TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
            trust.init(peer);
            SSLContext context = SSLContext.getInstance("TLSv1.3");
            context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
            return context;
        } catch (NoSuchFileException e) {
            throw new Unusable("no key at " + key + ": make one with ./lab agent --new-key " + key
                    + " and copy it to the lab's host and every load host");
        } catch (IOException | GeneralSecurityException e) {
            throw new Unusable(key + " is not a lab agent key: " + e.getMessage());
        }
    }

    private static FileAttribute<?>[] ownerOnlyFolder(Path path) {
        return posix(path)
                ? new FileAttribute<?>[] {
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))
                }
                : new FileAttribute<?>[0];
    }

    private static boolean posix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
