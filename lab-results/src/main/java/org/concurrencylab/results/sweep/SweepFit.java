package org.concurrencylab.results.sweep;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Two models of throughput against the knob, fitted to a sweep's clean points, and what the better one says.
 * A figure the points cannot give is empty (null in JSON), and {@code note} says why.
 *
 * @param usl                 the Universal Scalability Law; null with fewer than four clean points
 * @param bounds              Little's law's two asymptotes, min(N / R0, Xmax): a pool's hard cap is a corner
 *                            that the USL's smooth curve rounds off; null with fewer than two clean points
 * @param model               which of the two the knee is taken from: {@code usl} or {@code bounds}, the one
 *                            with the smaller residual
 * @param knee                the knob's value where throughput stops growing with it
 * @param peakPerSecond       the throughput the model predicts at the knee and beyond
 * @param peakPerD            the same, per D (the experiment's service time; a study's time of a lone request)
 * @param littlesLawKnee      Little's law's own sizing: the peak throughput times the shortest mean latency measured
 * @param holdoutErrorPercent the model fitted to all but the highest points, its mean error on those, in %
 * @param holdoutPoints       how many of the highest clean points were held out
 * @param note                what the fit could not decide, in a sentence; empty when nothing
 */
public record SweepFit(
        Usl usl,
        Bounds bounds,
        String model,
        OptionalDouble knee,
        OptionalDouble peakPerSecond,
        OptionalDouble peakPerD,
        OptionalDouble littlesLawKnee,
        OptionalDouble holdoutErrorPercent,
        int holdoutPoints,
        String note) {

    public static final String USL = "usl";
    public static final String BOUNDS = "bounds";

    /**
     * A sweep along a timeout: the timeout decides which requests fail, not how many the system serves, so the
     * failed share against it is the sweep's curve and no throughput model is fitted. Read back from JSON, it is
     * equal to this one.
     */
    public static final SweepFit FAILURES_ARE_THE_CURVE =
            notFitted("the knob is a timeout, which decides which requests fail and not how many the system serves: "
                    + "the failed share against it is this sweep's curve, and no throughput model is fitted");

    /** A sweep no model was fitted to, {@code note} saying why. */
    public static SweepFit notFitted(String note) {
        OptionalDouble none = OptionalDouble.empty();
        return new SweepFit(null, null, null, none, none, none, none, none, 0, note);
    }

    /** Whether this is {@link #FAILURES_ARE_THE_CURVE}: no model was wanted, where another unfitted sweep lacked one. */
    public boolean failuresAreTheCurve() {
        return equals(FAILURES_ARE_THE_CURVE);
    }

    /** A fit built by name, its knee taken from {@code model} ({@link #USL} or {@link #BOUNDS}). */
    public static Builder custom(String model) {
        return new Builder(model);
    }

    /** Builds a {@link SweepFit} by name; a figure not set, or set to null, is empty, as the points could not give it. */
    public static final class Builder {
        private final String model;
        private Usl usl;
        private Bounds bounds;
        private Double knee;
        private Double peakPerSecond;
        private Double peakPerD;
        private Double littlesLawKnee;
        private Double holdoutErrorPercent;
        private int holdoutPoints;
        private String note = "";

        private Builder(String model) {
            this.model = model;
        }

        public Builder usl(Usl usl) {
            this.usl = usl;
            return this;
        }

        public Builder bounds(Bounds bounds) {
            this.bounds = bounds;
            return this;
        }

        /** Where throughput stops growing, and what it is there, per second and per D. */
        public Builder knee(Double knee, Double peakPerSecond, Double peakPerD) {
            this.knee = knee;
            this.peakPerSecond = peakPerSecond;
            this.peakPerD = peakPerD;
            return this;
        }

        public Builder littlesLawKnee(Double littlesLawKnee) {
            this.littlesLawKnee = littlesLawKnee;
            return this;
        }

        /** The mean error, in %, on the {@code points} highest points held out. */
        public Builder holdout(Double errorPercent, int points) {
            this.holdoutErrorPercent = errorPercent;
            this.holdoutPoints = points;
            return this;
        }

        public Builder note(String note) {
            this.note = note;
            return this;
        }

        public SweepFit build() {
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(note, "note");
            if (holdoutPoints < 0) {
                throw new IllegalStateException("a fit holds out zero or more points, not " + holdoutPoints);
            }
            return new SweepFit(
                    usl,
                    bounds,
                    model,
                    given(knee),
                    given(peakPerSecond),
                    given(peakPerD),
                    given(littlesLawKnee),
                    given(holdoutErrorPercent),
                    holdoutPoints,
                    note);
        }

        private static OptionalDouble given(Double figure) {
            return figure == null ? OptionalDouble.empty() : OptionalDouble.of(figure);
        }
    }

    /**
     * X(N) = λN / (1 + σ(N − 1) + κN(N − 1)), with each parameter's 95 % confidence interval.
     *
     * @param peakAt        N* = sqrt((1 − σ) / κ), where the curve turns down; null when κ = 0
     * @param rmsResidual   the root mean square of the fit's residuals, per second
     */
    public record Usl(
            double lambda,
            double sigma,
            double kappa,
            Interval lambdaInterval,
            Interval sigmaInterval,
            Interval kappaInterval,
            Double peakAt,
            double rmsResidual) {}

    /**
     * @param perUnitPerSecond the rising asymptote's slope: 1 / R0, throughput per unit of the knob
     * @param maxPerSecond     the flat asymptote, Xmax; null when no point reached it
     * @param rmsResidual      the root mean square of the fit's residuals, per second
     */
    public record Bounds(double perUnitPerSecond, Double maxPerSecond, double rmsResidual) {}

    /** A 95 % confidence interval; null bounds where the points leave no degree of freedom. */
    public record Interval(double low, double high) {}
}
