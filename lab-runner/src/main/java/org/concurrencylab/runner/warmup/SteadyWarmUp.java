package org.concurrencylab.runner.study;

import java.time.Duration;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * When an application's warm-up may end: once it has answered a stated number of requests, after a window in
 * which its JIT compilers took at most a stated share of a core, and whose throughput agreed with the window's
 * before it within a stated tolerance; or at the warm-up's cap. Until all three hold, requests still run partly in
 * code that is being compiled or not yet compiled for good, and a lone request or a step measured then reads the
 * compiler as much as the application. The count matters where the rate is low: the JIT compiles a method when its
 * invocations pass a threshold, so a quiet compiler at 80 requests a second may only be waiting for the calls.
 *
 * @param jitShare    the most of a core the compilers may take in the last window
 * @param tolerance   how far the last window's throughput may be from the one before, as a share of it
 * @param minRequests how many requests the warm-up answers at least
 */
record SteadyWarmUp(double jitShare, double tolerance, long minRequests) {

    /** One window of the warm-up: its length, the requests answered, and the JIT's CPU in it (empty: unknown). */
    record Window(double seconds, long answered, OptionalLong jitCpuNanos) {

        double throughput() {
            return seconds > 0 ? answered / seconds : 0;
        }

        /** The share of a core the compilers took; empty where the JIT's CPU is not measured here. */
        OptionalDouble jitCoreShare() {
            return jitCpuNanos.isEmpty() || seconds <= 0
                    ? OptionalDouble.empty()
                    : OptionalDouble.of(jitCpuNanos.getAsLong() / 1e9 / seconds);
        }
    }

    /** How a warm-up ended, after {@code answered} requests, in a sentence for the study's findings. */
    record Outcome(Duration took, long answered, boolean steady, Window last, double throughputChange) {

        String sentence(SteadyWarmUp rule) {
            double jitShare = rule.jitShare();
            double tolerance = rule.tolerance();
            String jit = last.jitCoreShare().isEmpty()
                    ? "the JIT's CPU is not measured on this system"
                    : String.format(
                            Locale.ROOT,
                            "the JIT took %.0f %% of a core",
                            100 * last.jitCoreShare().getAsDouble());
            return steady
                    ? String.format(
                            Locale.ROOT,
                            "The warm-up took %.1f s and %,d requests (at least %,d) and ended steady: in its last "
                                    + "%.0f s %s (at most %.0f %%) and the throughput moved %.1f %% from the window "
                                    + "before (at most %.0f %%).",
                            took.toNanos() / 1e9,
                            answered,
                            rule.minRequests(),
                            last.seconds(),
                            jit,
                            100 * jitShare,
                            100 * throughputChange,
                            100 * tolerance)
                    : String.format(
                            Locale.ROOT,
                            "The warm-up reached its cap of %.1f s before the application was steady: %,d requests "
                                    + "(at least %,d), in its last %.0f s %s and the throughput %s; the first steps may "
                                    + "read a JIT still compiling (a longer warm-up.seconds or more warm-up.users lets it "
                                    + "finish).",
                            took.toNanos() / 1e9,
                            answered,
                            rule.minRequests(),
                            last.seconds(),
                            jit,
                            !Double.isFinite(throughputChange)
                                    ? "had no window with answers before it to agree with"
                                    : String.format(
                                            Locale.ROOT,
                                            "moved %.1f %% from the window before",
                                            100 * throughputChange));
        }
    }

    /**
     * Whether the application is steady after {@code last}, the window following {@code previous}, with
     * {@code answered} requests answered by the warm-up so far, {@code last}'s included.
     */
    boolean steady(Window previous, Window last, long answered) {
        if (answered < minRequests || previous.throughput() <= 0 || last.answered() == 0) {
            return false;
        }
        boolean quiet = last.jitCoreShare().orElse(0) <= jitShare;
        return quiet && change(previous, last) <= tolerance;
    }

    static double change(Window previous, Window last) {
        return previous.throughput() <= 0
                ? Double.POSITIVE_INFINITY
                : Math.abs(last.throughput() - previous.throughput()) / previous.throughput();
    }
}
