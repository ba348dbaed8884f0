package org.concurrencylab.services.cpubound;

import java.time.Duration;

/**
 * Pure CPU work: pi by the Leibniz series, with a number of terms calibrated at start so that one
 * request costs the CPU time the lab asked for on this machine, whatever its speed.
 */
final class PiCalculator {

    /** Long enough for the JIT to compile the loop and for several measured rounds. */
    private static final long CALIBRATION_NANOS = 1_000_000_000L;

    /** Rounds this long (tens of ms) run compiled code and dwarf the clock's resolution. */
    private static final long MEASURED_ROUND_TERMS = 20_000_000L;

    private final long termsPerRequest;
    private final double nanosPerTerm;

    private PiCalculator(long termsPerRequest, double nanosPerTerm) {
        this.termsPerRequest = termsPerRequest;
        this.nanosPerTerm = nanosPerTerm;
    }

    /**
     * Times the series on this thread and sizes a request to {@code workPerRequest} of CPU. The rate
     * is the best of the compiled rounds: a round that another process interrupted is only slower.
     */
    static PiCalculator calibrate(Duration workPerRequest) {
        long terms = 1_000;
        double bestNanosPerTerm = Double.MAX_VALUE;
        double sink = 0;
        long totalNanos = 0;
        while (totalNanos < CALIBRATION_NANOS) {
            long started = System.nanoTime();
            sink += pi(terms);
            long nanos = System.nanoTime() - started;
            totalNanos += nanos;
            if (terms >= MEASURED_ROUND_TERMS) {
                bestNanosPerTerm = Math.min(bestNanosPerTerm, (double) nanos / terms);
            }
            terms = Math.min(terms * 2, MEASURED_ROUND_TERMS);
        }
        if (sink == 42) {
            throw new IllegalStateException("unreachable: keeps the loop from being optimised away");
        }
        long termsPerRequest = Math.max(1, Math.round(workPerRequest.toNanos() / bestNanosPerTerm));
        return new PiCalculator(termsPerRequest, bestNanosPerTerm);
    }

    /**
     * Sizes a request to a number of terms another JVM calibrated, so that every variant does the same
     * work; the series still runs the calibration's rounds once, untimed, so that the JIT has compiled
     * it the same way in every JVM before the first request.
     */
    static PiCalculator of(long termsPerRequest, Duration workPerRequest) {
        calibrate(workPerRequest);
        return new PiCalculator(termsPerRequest, (double) workPerRequest.toNanos() / termsPerRequest);
    }

    long termsPerRequest() {
        return termsPerRequest;
    }

    double nanosPerTerm() {
        return nanosPerTerm;
    }

    static double pi(long terms) {
        double sum = 0;
        for (long k = 0; k < terms; k++) {
            sum += ((k & 1) == 0 ? 4.0 : -4.0) / (2 * k + 1);
        }
        return sum;
    }
}
