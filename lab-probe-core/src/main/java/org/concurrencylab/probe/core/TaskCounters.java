package org.concurrencylab.probe.core;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Counts, from Linux's /proc per thread, the process's context switches and the CPU its JIT compiler
 * threads used. No JDK or Micrometer API exposes either: context switches are not in any MXBean, and
 * the compiler threads are hidden from ThreadMXBean (CompilationMXBean's total compilation time adds
 * up the wall time of compilations on all compiler threads, so on a busy small machine it counts
 * time spent waiting for a core). Hence the hand-written reader. A thread that ends takes its counts
 * out of /proc, so the last counts seen of each thread are kept: the totals never go back, and only
 * threads that both started and ended between two reads are missed.
 */
final class TaskCounters {

    /** @param compilerCpuNanos empty on kernels without a thread's schedstat */
    record Counts(long voluntary, long involuntary, OptionalLong compilerCpuNanos) {
        static final Counts ZERO = new Counts(0, 0, OptionalLong.of(0));

        Counts plus(Counts other) {
            return new Counts(
                    voluntary + other.voluntary,
                    involuntary + other.involuntary,
                    compilerCpuNanos.isPresent() && other.compilerCpuNanos.isPresent()
                            ? OptionalLong.of(compilerCpuNanos.getAsLong() + other.compilerCpuNanos.getAsLong())
                            : OptionalLong.empty());
        }
    }

    private static final Path TASKS = Path.of("/proc/self/task");
    /** HotSpot's "C1 CompilerThread0", "C2 CompilerThread1", ... as Linux keeps them: cut to 15 characters. */
    private static final List<String> COMPILER_THREAD_PREFIXES = List.of("C1 CompilerThre", "C2 CompilerThre");

    private Map<String, Counts> lastSeenByThread = new HashMap<>();
    private Counts ended = Counts.ZERO;

    /** The totals so far; empty where /proc is not there to read (macOS, Windows) or could not be read. */
    synchronized Optional<Counts> read() {
        if (!Files.isDirectory(TASKS)) {
            return Optional.empty();
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
            return Optional.empty();
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
        return Optional.of(total);
    }

    private static Counts readTask(Path task) {
        long voluntary = 0;
        long involuntary = 0;
        boolean compiler = false;
        try {
            for (String line : Files.readAllLines(task.resolve("status"))) {
                if (line.startsWith("Name:")) {
                    String name = line.substring("Name:".length()).trim();
                    compiler = COMPILER_THREAD_PREFIXES.stream().anyMatch(name::startsWith);
                } else if (line.startsWith("voluntary_ctxt_switches:")) {
                    voluntary = valueOf(line);
                } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                    involuntary = valueOf(line);
                }
            }
            return new Counts(voluntary, involuntary, compiler ? cpuNanos(task) : OptionalLong.of(0));
        } catch (IOException threadEnded) {
            return null; // ended between listing and reading: its last read counts stand
        }
    }

    /** The first field of schedstat is the thread's time on a CPU in nanoseconds; empty on kernels without it. */
    private static OptionalLong cpuNanos(Path task) throws IOException {
        Path schedstat = task.resolve("schedstat");
        if (!Files.exists(schedstat)) {
            return OptionalLong.empty();
        }
        String text = Files.readString(schedstat).trim();
        int space = text.indexOf(' ');
        return OptionalLong.of(Long.parseLong(space < 0 ? text : text.substring(0, space)));
    }

    private static long valueOf(String line) {
        return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
    }
}
