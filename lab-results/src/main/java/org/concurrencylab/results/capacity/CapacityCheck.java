package org.concurrencylab.results.capacity;

import java.util.Objects;
import java.util.OptionalDouble;
import org.concurrencylab.results.interval.Interval;

/**
 * A capacity model's prediction measured: the pool that held the load back resized as the model asked, or the
 * application given every core after a model made on fewer; the same steps run, and the throughput it predicted
 * held against what was measured.
 *
 * @param variant            the variant that ran with the new size
 * @param property           the Spring property changed, or {@link #CORES} for the cores the application may run on
 * @param size               its new value
 * @param step               the step compared (the heaviest both ran)
 * @param predictedPerSecond what the model predicted the step would serve with the new size
 * @param predictedLimit     the resource it predicted would then be the limit
 * @param measuredPerSecond  what the step served
 * @param measuredLimit      the resource the model of the new run found the limit
 * @param predictedInterval  for forked runs, the prediction's interval over the forks' models; null for one fork
 * @param measuredInterval   the measurement's interval over the new run's forks; null for one fork
 */
public record CapacityCheck(
        String variant,
        String property,
        int size,
        String step,
        double predictedPerSecond,
        String predictedLimit,
        double measuredPerSecond,
        String measuredLimit,
        Interval predictedInterval,
        Interval measuredInterval) {

    /** What the intervals say of a prediction. */
    public enum Confirmation {
        /** The measured interval meets the predicted one: the forks cannot tell them apart. */
        CONFIRMED,
        /** The two intervals lie apart: the model predicted wrong, by more than the forks' spread. */
        REFUTED,
        /** One side has no interval (one fork): the error alone says how near it came. */
        NOT_DECIDED
    }

    /** Whether the measurement confirms the prediction, by their intervals. */
    public Confirmation confirmation() {
        if (predictedInterval == null || measuredInterval == null) {
            return Confirmation.NOT_DECIDED;
        }
        return predictedInterval.overlaps(measuredInterval) ? Confirmation.CONFIRMED : Confirmation.REFUTED;
    }

    /** What {@code property} reads where the cores the application ran on were changed, not a property. */
    public static final String CORES = "cores";

    /** measured / predicted - 1: the prediction's error, signed; empty where nothing was predicted. */
    public OptionalDouble error() {
        return predictedPerSecond <= 0
                ? OptionalDouble.empty()
                : OptionalDouble.of(measuredPerSecond / predictedPerSecond - 1);
    }

    /** A check of what {@code variant} ran, built by name: what it changed, the step, predicted and measured. */
    public static Builder custom(String variant) {
        return new Builder(variant);
    }

    /** Builds a {@link CapacityCheck} by name; each pair set together, as the model and the run give it. */
    public static final class Builder {
        private final String variant;
        private String property;
        private int size;
        private String step;
        private double predictedPerSecond;
        private String predictedLimit;
        private double measuredPerSecond;
        private String measuredLimit;
        private Interval predictedInterval;
        private Interval measuredInterval;

        private Builder(String variant) {
            this.variant = variant;
        }

        /** The Spring property changed (or {@link #CORES}) and its new value. */
        public Builder changed(String property, int size) {
            this.property = property;
            this.size = size;
            return this;
        }

        public Builder step(String step) {
            this.step = step;
            return this;
        }

        public Builder predicted(double perSecond, String limit) {
            this.predictedPerSecond = perSecond;
            this.predictedLimit = limit;
            return this;
        }

        public Builder measured(double perSecond, String limit) {
            this.measuredPerSecond = perSecond;
            this.measuredLimit = limit;
            return this;
        }

        /** The intervals of the prediction over the model's forks and of the measurement over the new run's. */
        public Builder intervals(Interval predicted, Interval measured) {
            this.predictedInterval = predicted;
            this.measuredInterval = measured;
            return this;
        }

        public CapacityCheck build() {
            Objects.requireNonNull(variant, "variant");
            Objects.requireNonNull(property, variant + ": the property the check set");
            Objects.requireNonNull(step, variant + ": the step the check ran");
            if (size < 1) {
                throw new IllegalStateException(variant + ": a check sets " + property + " to 1 or more, not " + size);
            }
            return new CapacityCheck(
                    variant,
                    property,
                    size,
                    step,
                    predictedPerSecond,
                    predictedLimit,
                    measuredPerSecond,
                    measuredLimit,
                    predictedInterval,
                    measuredInterval);
        }
    }
}
