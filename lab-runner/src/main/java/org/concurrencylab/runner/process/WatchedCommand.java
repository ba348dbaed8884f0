package org.concurrencylab.runner.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A command the lab waits for, to its end, that never outlives the lab: Boot's extraction of a jar, the training
 * start of a cache. Run under a watch of its own: the JDK writes an AOT cache in a child JVM it starts when the
 * training ends, which carries none of the lab's arguments and so no parent watch; killed hard, the lab could stop
 * neither. The watch is a shell that starts the command, polls the lab's pid, and when the lab is gone kills the
 * command's children and the command itself.
 */
final class WatchedCommand {

    private static final String WATCHED = """
            lab=$1; shift
            "$@" &
            command=$!
            while kill -0 "$command" 2>/dev/null; do
              if ! kill -0 "$lab" 2>/dev/null; then
                pkill -KILL -P "$command" 2>/dev/null; kill -KILL "$command" 2>/dev/null; exit 137
              fi
              sleep 0.2
            done
            wait "$command"
            """;

    private WatchedCommand() {}

    /**
     * Runs {@code command} in {@code directory}, its output appended to {@code log}, with the environment the lab's
     * JVMs get plus {@code environment}.
     *
     * @param what the command in words, for the messages: "the training", "Boot's extraction"
     * @throws IOException when it cannot start, does not end within {@code timeout} (it is then stopped) or ends with
     *     a code other than 0; the message names it and the log
     */
    static void run(
            String what,
            Path directory,
            Path log,
            List<String> command,
            Map<String, String> environment,
            Duration timeout)
            throws IOException, InterruptedException {
        Files.createDirectories(directory);
        List<String> watched = new ArrayList<>(List.of(
                "sh",
                "-c",
                WATCHED,
                "lab-watched",
                Long.toString(ProcessHandle.current().pid())));
        watched.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(watched)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        ConfinedEnvironment.applyTo(builder, System.getenv(), environment);
        Process process = builder.start();
        ServiceProcesses.registerSpawning(process);
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IOException(what + " did not end within " + timeout.toSeconds() + " s; see " + log);
            }
            if (process.exitValue() != 0) {
                throw new IOException(what + " ended with code " + process.exitValue() + "; see " + log);
            }
        } finally {
            ServiceProcesses.stop(process);
        }
    }
}
