package org.concurrencylab.runner;

import java.time.Duration;
import java.util.Locale;

/**
 * When an application's warm-up may end: after a window in which its JIT compilers took at most a stated
 * share of a core, and whose throughput agreed with the window's before it within a stated tolerance;
 * or at the warm-up's cap. Until both hold, requests still run partly in code that is being compiled, and
 * a lone request or a step measured then reads the compiler as much as the application.
 *
 * @param jitShare     the most of a core the compilers may take in the last window
 * @param tolerance    how far the last window's throughput may be from the one before, as a share of it
 */
record SteadyWarmUp(double jitShare, double tolerance) {

    /** One window of the warm-up: its length, the requests answered, and the JIT's CPU in it (negative: unknown). */
    record Window(double seconds, long answered, long jitCpuNanos) {

        double throughput() {
            return seconds > 0 ? answered / seconds : 0;
        }

        /** The share of a core the compilers took; NaN where the JIT's CPU is not measured here. */
        double jitCoreShare() {
            return jitCpuNanos < 0 || seconds <= 0 ? Double.NaN : jitCpuNanos / 1e9 / seconds;
        }
    }

    /** How a warm-up ended, in a sentence for the study's findings. */
    record Outcome(Duration took, boolean steady, Window last, double throughputChange) {

        String sentence(double jitShare, double tolerance) {
            String jit = Double.isNaN(last.jitCoreShare())
                    ? "the JIT's CPU is not measured on this system"
                    : String.format(Locale.ROOT, "the JIT took %.0f %% of a core", 100 * last.jitCoreShare());
            return steady
                    ? String.format(
                            Locale.ROOT,
                            "The warm-up took %.1f s and ended steady: in its last %.0f s %s (at most %.0f %%) "
                                    + "and the throughput moved %.1f %% from the window before (at most %.0f %%).",
                            took.toNanos() / 1e9,
                            last.seconds(),
                            jit,
                            100 * jitShare,
                            100 * throughputChange,
                            100 * tolerance)
                    : String.format(
                            Locale.ROOT,
                            "The warm-up reached its cap of %.1f s before the application was steady: in "
                                    + "its last %.0f s %s and the throughput %s; the first steps may read a JIT still compiling (a longer "
                                    + "warm-up.seconds lets it finish).",
                            took.toNanos() / 1e9,
                            last.seconds(),
                            jit,
                            Double.isNaN(throughputChange)
                                    ? "had no window before it to agree with"
                                    : String.format(
                                            Locale.ROOT,
                                            "moved %.1f %% from the window before",
                                            100 * throughputChange));
        }
    }

    /** Whether the application is steady after {@code last}, the window following {@code previous}. */
    boolean steady(Window previous, Window last) {
        if (previous.throughput() <= 0 || last.answered() == 0) {
            return false;
        }
        boolean quiet = Double.isNaN(last.jitCoreShare()) || last.jitCoreShare() <= jitShare;
        return quiet && change(previous, last) <= tolerance;
    }

    static double change(Window previous, Window last) {
        return previous.throughput() <= 0
                ? Double.POSITIVE_INFINITY
                : Math.abs(last.throughput() - previous.throughput()) / previous.throughput();
    }
}
