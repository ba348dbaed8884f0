package org.concurrencylab.runner.machine;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How long a process's threads have waited on a run queue for a core, from Linux's per-thread
 * {@code /proc/<pid>/task/<tid>/schedstat} (its second field, in nanoseconds). On a small machine the
 * services, the database and the driver take turns on the same cores, and a request's thread that is
 * ready but not running adds that wait to its latency: this is the measure of it. OSHI reads a process's
 * CPU time, not its scheduler delay, and no JDK API has it, hence the hand-written reader. A thread that
 * ended takes its wait with it, so a step's wait counts the threads alive at both readings (pooled
 * request threads and database backends are).
 */
final class RunQueueWait {

    /** Where /proc or schedstat is missing (macOS, Windows, a kernel without schedstats). */
    static final long UNAVAILABLE = -1;

    private RunQueueWait() {}

    /** The wait so far of all the process's threads, or {@link #UNAVAILABLE}. */
    static long nanos(long pid) {
        Path process = Path.of("/proc", Long.toString(pid));
        if (!Files.isReadable(process.resolve("schedstat"))) {
            return UNAVAILABLE; // no /proc, the process gone, or a kernel without schedstats
        }
        long total = 0;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(process.resolve("task"))) {
            for (Path thread : threads) {
                long waited = waited(thread.resolve("schedstat"));
                if (waited == UNAVAILABLE) {
                    return UNAVAILABLE;
                }
                total += waited;
            }
        } catch (IOException gone) {
            return UNAVAILABLE;
        }
        return total;
    }

    private static long waited(Path schedstat) {
        String text;
        try {
            text = Files.readString(schedstat).trim();
        } catch (IOException ended) {
            return 0; // the thread ended between listing and reading, and took its wait with it
        }
        String[] fields = text.split(" ");
        try {
            return fields.length < 2 ? UNAVAILABLE : Long.parseLong(fields[1]);
        } catch (NumberFormatException unknownFormat) {
            return UNAVAILABLE;
        }
    }
}
