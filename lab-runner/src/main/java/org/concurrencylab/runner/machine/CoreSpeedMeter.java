package org.concurrencylab.runner.machine;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * How fast this machine's cores run right now: the CPU time one fixed unit of arithmetic takes, timed on
 * a thread of the lab's own JVM every {@link #PERIOD} for the whole run.
 *
 * <p>On a shared host the same instructions can cost more CPU time while another tenant loads the physical
 * core under a virtual one, and no process's CPU counter tells that apart from work. So a step's CPU is
 * comparable with another step's only at each step's cores' speed, which the machine account carries as
 * this meter's mean over the step. The unit is a floating-point division series (the cpu-bound
 * experiment's kind of work) that touches no memory, so the services cannot slow it through the caches;
 * one sample costs about 0.1 ms of a core. The measurements behind it are in docs/measurements/ and in
 * the commits that made it.
 *
 * <p>Hand-written: the JDK times a thread's CPU, but no library samples a reference workload over time.
 */
final class CoreSpeedMeter {

    /**
     * The meter's samples so far: their count, the sum of their CPU nanoseconds, and the median sample, which
     * is the cores' usual speed in this run (a median, because one interrupted sample in a hundred takes twice
     * as long, and the fastest sample drifts down as samples accumulate).
     */
    record Totals(long samples, long cpuNanos, long medianNanos) {

        static final Totals NONE = new Totals(0, 0, 0);

        /** The mean CPU nanoseconds of one unit between an earlier reading and this one; NaN with no sample between. */
        double meanSince(Totals earlier) {
            long count = samples - earlier.samples;
            return count <= 0 ? Double.NaN : (double) (cpuNanos - earlier.cpuNanos) / count;
        }

        long samplesSince(Totals earlier) {
            return samples - earlier.samples;
        }
    }

    static final Duration PERIOD = Duration.ofMillis(100);
    /** Terms of the series in one unit: about 0.1 ms on a 2020s core (0.96 ns a term here). */
    static final long UNIT_TERMS = 100_000;
    /** Units run before the first sample, so that the samples time compiled code. */
    private static final int WARM_UP_UNITS = 300;

    private static final CoreSpeedMeter SHARED = new CoreSpeedMeter();

    private final AtomicReference<Totals> totals = new AtomicReference<>(Totals.NONE);
    /** Read and written on the meter's thread only. */
    private final Histogram samples = new Histogram(3);

    private volatile double sink;

    private CoreSpeedMeter() {
        Thread meter = new Thread(this::sampleForever, "lab-core-speed");
        meter.setDaemon(true);
        meter.start();
    }

    /** The meter of this JVM, running from its first use until the JVM exits. */
    static CoreSpeedMeter shared() {
        return SHARED;
    }

    Totals totals() {
        return totals.get();
    }

    private void sampleForever() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!threads.isCurrentThreadCpuTimeSupported()) {
            return; // no thread CPU clock: the totals stay empty and every step's speed unknown
        }
        for (int i = 0; i < WARM_UP_UNITS; i++) {
            sink += unit();
        }
        while (true) {
            long started = threads.getCurrentThreadCpuTime();
            sink += unit();
            long took = threads.getCurrentThreadCpuTime() - started;
            samples.recordValue(Math.max(1, took));
            long median = samples.getValueAtPercentile(50);
            totals.updateAndGet(sofar -> new Totals(sofar.samples() + 1, sofar.cpuNanos() + took, median));
            LockSupport.parkNanos(PERIOD.toNanos());
        }
    }

    private static double unit() {
        double sum = 0;
        for (long k = 0; k < UNIT_TERMS; k++) {
            sum += ((k & 1) == 0 ? 4.0 : -4.0) / (2 * k + 1);
        }
        return sum;
    }
}
