package org.concurrencylab.runner.machine;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;
import oshi.software.os.OSThread;

/**
 * The lab's own JIT compilers, which work behind whatever the lab just did: a step's work around it (reading a
 * probe's report, the machine's counters, writing a request log) queues compilations that would run during the
 * next measured step. Measured here: blocking-io's 10x10 step at S = 0.1 (1 s) read 0.28 to 0.40 s of the lab's
 * compiler threads' CPU, a third of a core taken from the request path. So the lab waits, before it measures, until
 * its compilers are quiet: their threads' CPU (OSHI's thread details; a single compilation can run for hundreds of
 * milliseconds, which a count of finished ones does not see), or where those cannot be read, the JVM's own count of
 * compilation time.
 */
public final class LabCompiler {

    private static final OSProcess LAB = new SystemInfo().getOperatingSystem().getProcess((int)
            ProcessHandle.current().pid());
    private static final List<String> COMPILER_THREADS = List.of("C1 CompilerThre", "C2 CompilerThre");

    private LabCompiler() {}

    /**
     * Waits until the lab's compilers took at most {@code quietShare} of a core over {@code quietPolls} polls {@code
     * poll} apart in a row, at most {@code atMost}.
     */
    public static void awaitQuiet(Duration poll, int quietPolls, double quietShare, Duration atMost)
            throws InterruptedException {
        long deadline = System.nanoTime() + atMost.toNanos();
        long last = compilingMillis();
        if (last < 0) {
            return;
        }
        int quiet = 0;
        while (quiet < quietPolls && System.nanoTime() < deadline) {
            Thread.sleep(poll.toMillis());
            long now = compilingMillis();
            quiet = now - last <= quietShare * poll.toMillis() ? quiet + 1 : 0;
            last = now;
        }
    }

    /** Before a measured step: at most 5 % of a core for 3 polls of 100 ms, at most {@link #BEFORE_A_STEP}. */
    public static void awaitQuietBeforeAStep() throws InterruptedException {
        awaitQuiet(Duration.ofMillis(100), 3, 0.05, BEFORE_A_STEP);
    }

    /** The longest a step waits for the lab's compilers: what a step's neighbours queue takes them a second or two. */
    public static final Duration BEFORE_A_STEP = Duration.ofSeconds(3);

    /**
     * The CPU the lab's compiler threads have used so far, in milliseconds; else the JVM's compilation time; -1 where
     * neither can be read.
     */
    private static long compilingMillis() {
        if (LAB != null) {
            long millis = 0;
            boolean found = false;
            for (OSThread thread : LAB.getThreadDetails()) {
                String name = thread.getName();
                if (name != null && COMPILER_THREADS.stream().anyMatch(name::startsWith)) {
                    millis += thread.getKernelTime() + thread.getUserTime();
                    found = true;
                }
            }
            if (found) {
                return millis;
            }
        }
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        return compiler == null || !compiler.isCompilationTimeMonitoringSupported()
                ? -1
                : compiler.getTotalCompilationTime();
    }
}
