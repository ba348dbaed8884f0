package org.concurrencylab.jmeter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;

/**
 * How the lab and its load agents know each other: by a shared key (mutual TLS; the agent then runs
 * plans only for a lab holding the same file), or, on loopback only and when asked by name, in clear.
 * The key is one file, made once with {@link #createKey} and copied to every load host; unless named, it
 * is at {@link #defaultKey()}.
 */
public record AgentAccess(Path key) {

    /** Where a key is when none is named: under the user's home, in a folder only its owner may enter. */
    public static Path defaultKey() {
        return Path.of(System.getProperty("user.home"), ".concurrency-lab", "agent-key.p12");
    }

    /** With the key at {@code key}. */
    public static AgentAccess withKey(Path key) {
        return new AgentAccess(Objects.requireNonNull(key, "key").toAbsolutePath());
    }

    /** RMI in clear: the engine refuses it beyond loopback. */
    public static AgentAccess plainOnLoopback() {
        return new AgentAccess(null);
    }

    public boolean plain() {
        return key == null;
    }

    /** The engine's arguments for it. */
    List<String> arguments() {
        return plain() ? List.of("--plain-rmi") : List.of("--key", key.toString());
    }

    /** In words, for a warning or a line of progress. */
    public String describe() {
        return plain() ? "RMI in clear (--plain-rmi)" : "mutual TLS with the key " + key;
    }

    /**
     * Makes a new key at {@code file} with the engine's {@code new-key} (the JDK's keytool), readable by its
     * owner only; never overwrites one.
     *
     * @throws IllegalArgumentException in one line, when it could not (a file already there, a folder it cannot write)
     */
    public static void createKey(LabHome home, JavaRuntime java, Path file) throws IOException, InterruptedException {
        List<String> command = JmeterEngineProcess.command(
                home, java, "new-key", List.of(file.toAbsolutePath().toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes()).strip();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalArgumentException("making a key at " + file + " took over a minute");
        }
        if (process.exitValue() != 0 || !Files.isRegularFile(file)) {
            throw new IllegalArgumentException(
                    JmeterEngineProcess.errorLine(output).orElse("could not make a key at " + file + ": " + output));
        }
    }
}
