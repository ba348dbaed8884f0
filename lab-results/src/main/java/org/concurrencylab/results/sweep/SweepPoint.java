package org.concurrencylab.results.sweep;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.concurrencylab.results.usage.MachineUsage;

/**
 * One value of a sweep's knob, as its step measured it.
 *
 * @param step      the step's variant and load in the sweep's experiment, to find its charts and records
 * @param boundPerSecond    the step's Little's-law bound: its pools' sizes (or its users) over the hold time
 * @param cpuBoundPerSecond the most this machine's CPU allows for the step, by the lab's model; empty (null in JSON) where the
 *                          CPU is the subject itself or was not measured
 * @param verdict   {@link MachineUsage#CLEAN}, {@link MachineUsage#MACHINE_BOUND}, or {@code failed} when more
 *                  than a few of its requests failed; only clean points are fitted
 * @param why       what made it other than clean, with the numbers; empty when clean
 */
public record SweepPoint(
        double value,
        String step,
        double throughputPerSecond,
        double meanMillis,
        double p95Millis,
        double failedShare,
        double boundPerSecond,
        OptionalDouble cpuBoundPerSecond,
        String verdict,
        String why) {

    public static final String FAILED = "failed";

    /** Between a point's variant and its load in {@link #step}. */
    private static final String STEP_SEPARATOR = " / ";

    /** The name of the step a point ran: its variant in the sweep's experiment, then its load. */
    public static String stepName(String variant, String load) {
        return variant + STEP_SEPARATOR + load;
    }

    /** The variant this point's step ran in; empty where the step was not named by {@link #stepName}. */
    public Optional<String> stepVariant() {
        int at = step.lastIndexOf(STEP_SEPARATOR);
        return at < 0 ? Optional.empty() : Optional.of(step.substring(0, at));
    }

    /** The load this point's step ran; empty where the step was not named by {@link #stepName}. */
    public Optional<String> stepLoad() {
        int at = step.lastIndexOf(STEP_SEPARATOR);
        return at < 0 ? Optional.empty() : Optional.of(step.substring(at + STEP_SEPARATOR.length()));
    }

    public boolean clean() {
        return MachineUsage.CLEAN.equals(verdict);
    }

    /** A point built by name: clean, with no CPU bound, until set. */
    public static Builder custom() {
        return new Builder();
    }

    /** Builds a {@link SweepPoint} by name. */
    public static final class Builder {
        private double value;
        private String step;
        private double throughputPerSecond;
        private double meanMillis;
        private double p95Millis;
        private double failedShare;
        private double boundPerSecond;
        private Double cpuBoundPerSecond;
        private String verdict = MachineUsage.CLEAN;
        private String why = "";

        private Builder() {}

        public Builder value(double value) {
            this.value = value;
            return this;
        }

        public Builder step(String step) {
            this.step = step;
            return this;
        }

        public Builder throughputPerSecond(double throughputPerSecond) {
            this.throughputPerSecond = throughputPerSecond;
            return this;
        }

        public Builder meanMillis(double meanMillis) {
            this.meanMillis = meanMillis;
            return this;
        }

        public Builder p95Millis(double p95Millis) {
            this.p95Millis = p95Millis;
            return this;
        }

        public Builder failedShare(double failedShare) {
            this.failedShare = failedShare;
            return this;
        }

        public Builder boundPerSecond(double boundPerSecond) {
            this.boundPerSecond = boundPerSecond;
            return this;
        }

        public Builder cpuBoundPerSecond(Double cpuBoundPerSecond) {
            this.cpuBoundPerSecond = cpuBoundPerSecond;
            return this;
        }

        public Builder verdict(String verdict) {
            this.verdict = verdict;
            return this;
        }

        public Builder why(String why) {
            this.why = why;
            return this;
        }

        public SweepPoint build() {
            Objects.requireNonNull(step, "step");
            Objects.requireNonNull(verdict, step + ": verdict");
            if (!(failedShare >= 0 && failedShare <= 1)) {
                throw new IllegalStateException(step + ": a failed share lies between 0 and 1, not " + failedShare);
            }
            return new SweepPoint(
                    value,
                    step,
                    throughputPerSecond,
                    meanMillis,
                    p95Millis,
                    failedShare,
                    boundPerSecond,
                    cpuBoundPerSecond == null ? OptionalDouble.empty() : OptionalDouble.of(cpuBoundPerSecond),
                    verdict,
                    why);
        }
    }
}
