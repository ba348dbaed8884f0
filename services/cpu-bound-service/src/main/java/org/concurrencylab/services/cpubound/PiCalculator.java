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
    /** This JVM's own rate, which differs from the calibrating JVM's as far as their compiled code does. */
    private final double nanosPerTermHere;

    private PiCalculator(long termsPerRequest, double nanosPerTerm, double nanosPerTermHere) {
        this.termsPerRequest = termsPerRequest;
        this.nanosPerTerm = nanosPerTerm;
        this.nanosPerTermHere = nanosPerTermHere;
    }

    /**
     * Times the series on this thread and sizes a request to {@code workPerRequest} of CPU. The rate
     * is the best of the compiled rounds: a round that another process interrupted is only slower.
     */
    static PiCalculator calibrate(Duration workPerRequest) {
        double nanosPerTerm = bestNanosPerTerm();
        long termsPerRequest = Math.max(1, Math.round(workPerRequest.toNanos() / nanosPerTerm));
        return new PiCalculator(termsPerRequest, nanosPerTerm, nanosPerTerm);
    }

    private static double bestNanosPerTerm() {
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
        return bestNanosPerTerm;
    }

    /**
     * Sizes a request to a number of terms another JVM calibrated, so that every variant does the same
     * work; the series still runs the calibration's rounds once, so that the JIT has compiled it before
     * the first request, and this JVM's own rate is kept for the report.
     */
    static PiCalculator of(long termsPerRequest, Duration workPerRequest) {
        double here = calibrate(workPerRequest).nanosPerTerm;
        return new PiCalculator(termsPerRequest, (double) workPerRequest.toNanos() / termsPerRequest, here);
    }

    long termsPerRequest() {
        return termsPerRequest;
    }

    double nanosPerTerm() {
        return nanosPerTerm;
    }

    double nanosPerTermHere() {
        return nanosPerTermHere;
    }

    static double pi(long terms) {
        double sum = 0;
        for (long k = 0; k < terms; k++) {
            sum += ((k & 1) == 0 ? 4.0 : -4.0) / (2 * k + 1);
        }
        return sum;
    }
}
