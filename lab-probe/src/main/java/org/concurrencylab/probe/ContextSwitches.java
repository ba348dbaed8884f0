package org.concurrencylab.probe;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the process's context switches from Linux's /proc. No JDK or Micrometer API exposes them,
 * hence the hand-written reader. Threads that already ended are not counted, which is why the lab
 * reads them at step boundaries rather than across a whole run.
 */
final class ContextSwitches {

    record Counts(long voluntary, long involuntary) {
        static final Counts UNAVAILABLE = new Counts(-1, -1);
    }

    private static final Path TASKS = Path.of("/proc/self/task");

    private ContextSwitches() {
    }

    static Counts read() {
        if (!Files.isDirectory(TASKS)) {
            return Counts.UNAVAILABLE;
        }
        long voluntary = 0;
        long involuntary = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    for (String line : Files.readAllLines(task.resolve("status"))) {
                        if (line.startsWith("voluntary_ctxt_switches:")) {
                            voluntary += valueOf(line);
                        } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                            involuntary += valueOf(line);
                        }
                    }
                } catch (IOException threadEnded) {
                    // the thread ended between listing and reading: its counts are gone with it
                }
            }
        } catch (IOException e) {
            return Counts.UNAVAILABLE;
        }
        return new Counts(voluntary, involuntary);
    }

    private static long valueOf(String line) {
        return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
    }
}
