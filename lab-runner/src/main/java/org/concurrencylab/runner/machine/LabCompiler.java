package org.concurrencylab.runner.machine;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * The lab's own JIT compilers, which work behind whatever the lab just did: a step's work around it (reading a
 * probe's report, the machine's counters, writing a request log) queues compilations that would run during the
 * next measured step. Measured here: blocking-io's 10x10 step at S = 0.1 (1 s) read 0.28 to 0.40 s of the lab's
 * compiler threads' CPU, a third of a core taken from the request path, and 94 % of its bound. So the lab waits,
 * before it measures, until its compilers have finished nothing new for a while.
 */
public final class LabCompiler {

    private LabCompiler() {}

    /**
     * Waits until the lab's JIT has compiled nothing for {@code quietPolls} polls {@code poll} apart, at most
     * {@code atMost}; at once where the JVM does not time its compilations.
     */
    public static void awaitQuiet(Duration poll, int quietPolls, Duration atMost) throws InterruptedException {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        if (compiler == null || !compiler.isCompilationTimeMonitoringSupported()) {
            return;
        }
        long deadline = System.nanoTime() + atMost.toNanos();
        long last = compiler.getTotalCompilationTime();
        int quiet = 0;
        while (quiet < quietPolls && System.nanoTime() < deadline) {
            Thread.sleep(poll.toMillis());
            long now = compiler.getTotalCompilationTime();
            quiet = now == last ? quiet + 1 : 0;
            last = now;
        }
    }

    /** Before a measured step: quiet for 100 ms, at most {@link #BEFORE_A_STEP}. */
    public static void awaitQuietBeforeAStep() throws InterruptedException {
        awaitQuiet(Duration.ofMillis(50), 2, BEFORE_A_STEP);
    }

    /** The longest a step waits for the lab's compilers: what a step's neighbours queue takes them a second or two. */
    public static final Duration BEFORE_A_STEP = Duration.ofSeconds(2);
}
