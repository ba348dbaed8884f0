package org.concurrencylab.catalog;

import static java.lang.String.format;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.IntToDoubleFunction;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.SweepFit;
import org.concurrencylab.results.SweepResult;

/**
 * A sweep an experiment declares beside its steps, and where its system's physics puts the knee: run by
 * {@code ./lab sweep <experiment>} (too long for the default run), decided as a claim on the knee the fit
 * found. Build one with {@link #custom(String)}.
 *
 * @param load      the label of the load every point runs: one of the experiment's steps, or {@code ownLoad}'s
 * @param ownLoad   a load of the sweep's own, where none of the experiment's steps can show the curve (an open
 *                  load below a pool's knee queues for the whole step and fails)
 * @param knee      the knee the physics gives, on a machine of this many cores
 * @param tolerance how far, as a share of that knee, the found one may lie from it: a knee is read between
 *                  two points, from throughputs that move a few % from run to run
 * @param scale     the time scale the sweep runs at unless the user says otherwise; empty for the experiment's
 * @param why       the physics, in a few words, for the evidence
 */
public record SweepClaim(String id, String text, String variant, String load, Optional<LoadStep> ownLoad, Knob knob, OptionalDouble scale,
                         IntToDoubleFunction knee, double tolerance, String why) {

    /** A knee read between two of six points, from throughputs within 5 % of each other run to run. */
    public static final double KNEE_TOLERANCE = 0.10;

    public SweepClaim {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(variant, id + ": variant");
        Objects.requireNonNull(load, id + ": load");
        Objects.requireNonNull(ownLoad, id + ": ownLoad");
        if (ownLoad.isPresent() && !ownLoad.get().label().equals(load)) {
            throw new IllegalArgumentException(id + ": a sweep's own load is named by its own label");
        }
        Objects.requireNonNull(knob, id + ": knob");
        Objects.requireNonNull(knee, id + ": knee");
        if (!(tolerance > 0 && tolerance < 1)) {
            throw new IllegalArgumentException(id + ": a knee's tolerance is a share between 0 and 1");
        }
    }

    public static Builder custom(String id) {
        return new Builder(id);
    }

    /** Reproduced when the fit's knee lies within the tolerance of the physics'; not decided when the fit found none. */
    public ClaimResult evaluate(SweepResult sweep, int machineCpus) {
        double expected = knee.applyAsDouble(machineCpus);
        SweepFit fit = sweep.fit();
        String band = format(Locale.ROOT, "%s ± %.0f %% (%s)", number(expected), 100 * tolerance, why);
        if (fit.knee() == null) {
            return new ClaimResult(id, text, Verdict.Status.NOT_DECIDED.label(), "no knee found, against " + band + ": " + fit.note());
        }
        boolean holds = Math.abs(fit.knee() - expected) <= tolerance * expected;
        return new ClaimResult(id, text, (holds ? Verdict.Status.REPRODUCED : Verdict.Status.NOT_REPRODUCED).label(),
                format(Locale.ROOT, "knee at %s = %s, against %s; from %s, holdout error %s", knob.name(), number(fit.knee()), band,
                        SweepFit.USL.equals(fit.model()) ? "the USL" : "Little's law's bounds", fit.holdoutErrorPercent() == null ? "none" : format(Locale.ROOT, "%.1f %%",
                                fit.holdoutErrorPercent())));
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : format(Locale.ROOT, "%.2f", value);
    }

    public static final class Builder {
        private final String id;
        private String text;
        private String variant;
        private String load;
        private Optional<LoadStep> ownLoad = Optional.empty();
        private Knob knob;
        private OptionalDouble scale = OptionalDouble.empty();
        private IntToDoubleFunction knee;
        private double tolerance = KNEE_TOLERANCE;
        private String why = "";

        private Builder(String id) {
            this.id = id;
        }

        public Builder text(String text) {
            this.text = text;
            return this;
        }

        /** Vary this knob of this variant at this load (one of the experiment's steps). */
        public Builder sweep(String variant, String load, String knob) {
            this.variant = variant;
            this.load = load;
            this.ownLoad = Optional.empty();
            this.knob = Knob.parse(knob);
            return this;
        }

        /**
         * Vary this knob of this variant at a load of the sweep's own, which the experiment's run does not
         * drive: where none of its steps can show the curve.
         */
        public Builder sweep(String variant, LoadStep ownLoad, String knob) {
            sweep(variant, ownLoad.label(), knob);
            this.ownLoad = Optional.of(ownLoad);
            return this;
        }

        public Builder scale(double scale) {
            this.scale = OptionalDouble.of(scale);
            return this;
        }

        /** The knee the physics gives, whatever the machine. */
        public Builder knee(double knee, String why) {
            return knee(cpus -> knee, why);
        }

        /** The knee the physics gives on a machine of so many cores. */
        public Builder knee(IntToDoubleFunction knee, String why) {
            this.knee = knee;
            this.why = why;
            return this;
        }

        public Builder tolerance(double tolerance) {
            this.tolerance = tolerance;
            return this;
        }

        public SweepClaim build() {
            return new SweepClaim(id, text, variant, load, ownLoad, knob, scale, knee, tolerance, why);
        }
    }
}
