package org.concurrencylab.runner.warmup;

import java.time.Duration;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * When a warm-up may end: once it has answered a stated number of requests, after a window in which the JIT
 * compilers took at most a stated share of a core, and whose throughput agreed with the window's before it within a
 * stated tolerance; or at the warm-up's cap. Until all three hold, requests still run partly in code that is being
 * compiled or not yet compiled for good, and a lone request or a step measured then reads the compiler as much as the
 * service. The count matters where the rate is low: the JIT compiles a method when its invocations pass a threshold,
 * so a quiet compiler at 80 requests a second may only be waiting for the calls.
 *
 * @param jitShare    the most of a core the compilers may take in the last window
 * @param tolerance   how far the last window's throughput may be from the one before, as a share of it
 * @param minRequests how many requests the warm-up answers at least
 */
public record SteadyWarmUp(double jitShare, double tolerance, long minRequests) {

    public SteadyWarmUp {
        if (!(jitShare > 0) || !(tolerance > 0) || minRequests < 0) {
            throw new IllegalArgumentException("a steady warm-up needs a positive JIT share and tolerance, and a count"
                    + " of requests of zero or more");
        }
    }

    /**
     * One window of the warm-up: its length, the requests answered, its throughput, and the JIT's CPU in it (empty:
     * unknown). Build one with {@link #counted} or {@link #ofClosedLoad}.
     */
    public record Window(double seconds, long answered, double throughput, OptionalLong jitCpuNanos) {

        /** A window that is a load of its own: its throughput is what it answered over its length. */
        public static Window counted(double seconds, long answered, OptionalLong jitCpuNanos) {
            return new Window(seconds, answered, seconds > 0 ? answered / seconds : 0, jitCpuNanos);
        }

        /**
         * A window of a closed load that runs on across windows, without thinking: its throughput by Little's law,
         * the users over the mean latency of the window's answers. Counting them instead would count whole rounds:
         * users that start together are answered together, once a D, and a window of a few D holds one round more
         * or less by where its edges fall.
         */
        public static Window ofClosedLoad(
                double seconds, long answered, int users, double meanLatencySeconds, OptionalLong jitCpuNanos) {
            return new Window(
                    seconds,
                    answered,
                    answered > 0 && meanLatencySeconds > 0 ? users / meanLatencySeconds : 0,
                    jitCpuNanos);
        }

        /** The share of a core the compilers took; empty where the JIT's CPU is not measured here. */
        public OptionalDouble jitCoreShare() {
            return jitCpuNanos.isEmpty() || seconds <= 0
                    ? OptionalDouble.empty()
                    : OptionalDouble.of(jitCpuNanos.getAsLong() / 1e9 / seconds);
        }
    }

    /** How a warm-up ended, after {@code answered} requests, in a sentence for the findings. */
    public record Outcome(Duration took, long answered, boolean steady, Window last, double throughputChange) {

        /** @param longer what lets a warm-up that reached its cap finish, in the words of the run's settings */
        public String sentence(SteadyWarmUp rule, String longer) {
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
                                    + "read a JIT still compiling (%s lets it finish).",
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
                                            100 * throughputChange),
                            longer);
        }
    }

    /**
     * Whether the service is steady after {@code last}, the window following {@code previous}, with
     * {@code answered} requests answered by the warm-up so far, {@code last}'s included.
     */
    public boolean steady(Window previous, Window last, long answered) {
        if (answered < minRequests || previous.throughput() <= 0 || last.answered() == 0) {
            return false;
        }
        boolean quiet = last.jitCoreShare().orElse(0) <= jitShare;
        return quiet && change(previous, last) <= tolerance;
    }

    /** How far {@code last}'s throughput is from {@code previous}'s, as a share of it; infinite after none. */
    public static double change(Window previous, Window last) {
        return previous.throughput() <= 0
                ? Double.POSITIVE_INFINITY
                : Math.abs(last.throughput() - previous.throughput()) / previous.throughput();
    }
}
