package org.concurrencylab.probe;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Counts the process's context switches from Linux's /proc, per thread. No JDK or Micrometer API
 * exposes them, hence the hand-written reader. A thread that ends takes its counts out of /proc, so
 * the last counts seen of each thread are kept: the total never goes back, and only threads that
 * both started and ended between two reads are missed.
 */
final class ContextSwitches {

    record Counts(long voluntary, long involuntary) {
        static final Counts UNAVAILABLE = new Counts(-1, -1);

        Counts plus(Counts other) {
            return new Counts(voluntary + other.voluntary, involuntary + other.involuntary);
        }
    }

    private static final Path TASKS = Path.of("/proc/self/task");

    private Map<String, Counts> lastSeenByThread = new HashMap<>();
    private Counts ended = new Counts(0, 0);

    synchronized Counts read() {
        if (!Files.isDirectory(TASKS)) {
            return Counts.UNAVAILABLE;
        }
        Map<String, Counts> seen = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                Counts counts = readTask(task);
                if (counts != null) {
                    seen.put(task.getFileName().toString(), counts);
                }
            }
        } catch (IOException e) {
            return Counts.UNAVAILABLE;
        }
        for (Map.Entry<String, Counts> previous : lastSeenByThread.entrySet()) {
            if (!seen.containsKey(previous.getKey())) {
                ended = ended.plus(previous.getValue());
            }
        }
        lastSeenByThread = seen;
        Counts total = ended;
        for (Counts counts : seen.values()) {
            total = total.plus(counts);
        }
        return total;
    }

    private static Counts readTask(Path task) {
        long voluntary = 0;
        long involuntary = 0;
        try {
            for (String line : Files.readAllLines(task.resolve("status"))) {
                if (line.startsWith("voluntary_ctxt_switches:")) {
                    voluntary = valueOf(line);
                } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                    involuntary = valueOf(line);
                }
            }
        } catch (IOException threadEnded) {
            return null; // ended between listing and reading: its last read counts stand
        }
        return new Counts(voluntary, involuntary);
    }

    private static long valueOf(String line) {
        return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
    }
}
