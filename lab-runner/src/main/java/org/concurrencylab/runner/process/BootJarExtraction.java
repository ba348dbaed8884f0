package org.concurrencylab.runner.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarFile;

/**
 * A Spring Boot jar extracted into plain jars by Boot's own tools ({@code java -Djarmode=tools -jar app.jar extract}),
 * once for each content of the jar: a JVM starts from the extraction without reading nested jars (measured on
 * fixtures/pooled-app with the lab's agent: 4.7-5.2 s against 6.8-9.2 s from the jar), and class data sharing needs
 * it. Boot 3.3 and later package the tools in the jar; an older jar, or one built without them, cannot be extracted.
 */
final class BootJarExtraction {

    /** Where the digest of the jar last extracted into a directory is kept, beside the extraction. */
    static final String DIGEST_FILE = "service.sha256";

    private static final String TOOLS = "BOOT-INF/lib/spring-boot-jarmode-tools-";
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private BootJarExtraction() {}

    /** What runs before a new extraction. */
    @FunctionalInterface
    interface BeforeExtracting {
        void run() throws IOException;
    }

    /**
     * Why Boot's tools cannot extract {@code jar}, in words; empty when they can. Reads its manifest and the names of
     * its entries only: a jar that is not Boot's would run its own main with the extraction's arguments.
     */
    static Optional<String> refusal(Path jar) {
        try (JarFile opened = new JarFile(jar.toFile())) {
            Optional<String> boot = ApplicationJar.springBootVersion(opened.getManifest());
            if (boot.isEmpty()) {
                return Optional.of("not a Spring Boot jar (its manifest names no Spring-Boot-Version)");
            }
            if (opened.stream().noneMatch(entry -> entry.getName().startsWith(TOOLS))) {
                return Optional.of(
                        "Spring Boot " + boot.get()
                                + " packaged it without spring-boot-jarmode-tools (Boot 3.3 and later add it unless told not to)");
            }
            return Optional.empty();
        } catch (IOException | SecurityException e) {
            return Optional.of("its entries could not be read (" + e.getMessage() + ")");
        }
    }

    /**
     * The jar extracted under {@code directory}/extracted, extracting it there first unless that extraction is of the
     * jar's present content. {@code beforeExtracting} runs before a new extraction: to say so, to delete what was made
     * from the old content. The caller holds the directory's lock, and has checked {@link #refusal}.
     *
     * @return the extracted jar, to start with {@code -jar}
     * @throws IOException where the extraction failed; its output is in {@code directory}/extraction.log
     */
    static Path extracted(JavaRuntime java, Path jar, Path directory, BeforeExtracting beforeExtracting)
            throws IOException, InterruptedException {
        Path extracted = directory.resolve("extracted").resolve(jar.getFileName());
        String digest = digestOf(jar);
        Path digestFile = directory.resolve(DIGEST_FILE);
        if (Files.isRegularFile(extracted)
                && Files.isRegularFile(digestFile)
                && Files.readString(digestFile).equals(digest)) {
            return extracted;
        }
        beforeExtracting.run();
        Files.deleteIfExists(digestFile);
        deleteTree(extracted.getParent()); // the old content's jars, which the new one's manifest may not name
        WatchedCommand.run(
                "Boot's extraction",
                directory,
                directory.resolve("extraction.log"),
                List.of(
                        java.executable().toString(),
                        "-Djarmode=tools",
                        "-jar",
                        jar.toString(),
                        "extract",
                        "--force",
                        "--destination",
                        directory.resolve("extracted").toString()),
                Map.of(),
                TIMEOUT);
        if (!Files.isRegularFile(extracted)) {
            throw new IOException("Boot's tools wrote no " + extracted);
        }
        Files.writeString(digestFile, digest);
        return extracted;
    }

    private static void deleteTree(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return;
        }
        try (var tree = Files.walk(folder)) {
            for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** By content, not time: a rebuild that changed nothing keeps its extraction and what was made from it. */
    private static String digestOf(Path jar) throws IOException {
        try (InputStream in = Files.newInputStream(jar)) {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int read = in.read(buffer); read > 0; read = in.read(buffer)) {
                sha256.update(buffer, 0, read);
            }
            return HexFormat.of().formatHex(sha256.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
