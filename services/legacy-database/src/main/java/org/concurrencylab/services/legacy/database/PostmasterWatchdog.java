package org.concurrencylab.services.legacy.database;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Stops the PostgreSQL server when this JVM is gone without having stopped it (kill -9 of this JVM,
 * or of the lab and then this JVM). PostgreSQL does not watch its parent, and a JVM killed hard runs
 * no shutdown hook, so the watch is a process of its own that outlives this JVM: it polls this JVM's
 * pid and, when it is gone, sends the postmaster SIGQUIT (PostgreSQL's immediate shutdown), then
 * SIGKILL if it is still there, and removes the data directory.
 */
final class PostmasterWatchdog {

    private static final String SCRIPT = """
            jvm=$1; data=$2
            pm=$(head -n 1 "$data/postmaster.pid" 2>/dev/null)
            [ -n "$pm" ] || exit 0
            while kill -0 "$jvm" 2>/dev/null; do sleep 0.5; done
            kill -QUIT "$pm" 2>/dev/null
            for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pm" 2>/dev/null || break; sleep 0.5; done
            kill -KILL "$pm" 2>/dev/null
            rm -rf "$data"
            """;

    private PostmasterWatchdog() {}

    static void arm(Path dataDirectory) throws IOException {
        if (!Files.isRegularFile(dataDirectory.resolve("postmaster.pid"))) {
            throw new IOException("PostgreSQL started without a postmaster.pid in " + dataDirectory);
        }
        new ProcessBuilder(
                        "sh",
                        "-c",
                        SCRIPT,
                        "lab-postgres-watchdog",
                        Long.toString(ProcessHandle.current().pid()),
                        dataDirectory.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }
}
