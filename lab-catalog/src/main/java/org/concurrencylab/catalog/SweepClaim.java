package org.concurrencylab.catalog;

import static java.lang.String.format;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.IntToDoubleFunction;
import java.util.stream.Stream;
import org.concurrencylab.catalog.claim.MeasuredSpread;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.sweep.SweepFit;
import org.concurrencylab.results.sweep.SweepPoint;
import org.concurrencylab.results.sweep.SweepResult;
import org.concurrencylab.results.usage.MachineUsage;

/**
 * A sweep an experiment declares beside its steps, and what its system's physics says the curve does: run
 * by {@code ./lab sweep <experiment>} (too long for the default run), decided as a claim on the curve.
 * Build one with {@link #custom(String)}.
 *
 * @param load        the label of the load every point runs: one of the experiment's steps, or {@code ownLoad}'s
 * @param ownLoad     a load of the sweep's own, where none of the experiment's steps can show the curve (an open
 *                    load below a pool's knee queues for the whole step and fails)
 * @param scale       the time scale the sweep runs at unless the user says otherwise; empty for the experiment's
 * @param expected    where the physics puts the knee, or the edge of the failures
 * @param articleSaid the article's own figure this sweep puts on a curve; null where it gave none
 * @param spreads     how far the figure it decides on moved from one run of the sweep to the next here
 */
public record SweepClaim(
        String id,
        String text,
        String variant,
        String load,
        Optional<LoadStep> ownLoad,
        Knob knob,
        OptionalDouble scale,
        Expected expected,
        String articleSaid,
        List<MeasuredSpread> spreads,
        Map<String, String> alongside) {

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
        Objects.requireNonNull(expected, id + ": what the physics expects, a knee, a failure edge or a failure level");
        spreads = List.copyOf(spreads);
        alongside = Map.copyOf(alongside);
        if (alongside.containsKey(knob.name())) {
            throw new IllegalArgumentException(id + ": " + knob.name() + " is the knob, not a property alongside it");
        }
        if (expected instanceof FailureEdge && !knob.isRequestTimeout()) {
            throw new IllegalArgumentException(id + ": a failure edge lies along the client's timeout ("
                    + Knob.REQUEST_TIMEOUT_MS + "), not along " + knob.name());
        }
    }

    public static Builder custom(String id) {
        return new Builder(id);
    }

    /**
     * @param swept       the swept experiment's result, for what the physics reads from the run itself
     * @param machineCpus this machine's cores, where the physics depends on them
     */
    public ClaimResult evaluate(SweepResult sweep, ExperimentResult swept, int machineCpus) {
        return expected.evaluate(this, sweep, swept, machineCpus);
    }

    private ClaimResult result(Verdict.Status status, String evidence) {
        return new ClaimResult(id, text, status.label(), evidence);
    }

    /**
     * Whether the curve is the failed share, not the throughput: along a timeout, which decides which
     * requests fail and not how many the bottleneck serves, no throughput model is fitted.
     */
    public boolean failuresAreTheCurve() {
        return expected instanceof FailureEdge || expected instanceof FailureLevel;
    }

    /** What the check holds the curve to, in a line of {@code ./lab list --claims}. */
    public String checkedAt(int machineCpus) {
        return expected.checkedAt(this, machineCpus);
    }

    /** What a sweep's physics says its curve does. */
    public sealed interface Expected permits Knee, FailureEdge, FailureLevel {

        ClaimResult evaluate(SweepClaim claim, SweepResult sweep, ExperimentResult swept, int machineCpus);

        String checkedAt(SweepClaim claim, int machineCpus);
    }

    /**
     * Throughput stops growing with the knob at {@code at}: reproduced when the fit's knee lies within the
     * tolerance of it; not decided when the fit found none.
     *
     * @param at        the knee the physics gives, on a machine of this many cores
     * @param tolerance how far, as a share of that knee, the found one may lie from it: a knee is read between
     *                  two points, from throughputs that move a few % from run to run
     * @param why       the physics, in a few words, for the evidence
     */
    public record Knee(IntToDoubleFunction at, double tolerance, String why) implements Expected {

        public Knee {
            Objects.requireNonNull(at, "the knee");
            if (!(tolerance > 0 && tolerance < 1)) {
                throw new IllegalArgumentException("a knee's tolerance is a share between 0 and 1");
            }
        }

        @Override
        public ClaimResult evaluate(SweepClaim claim, SweepResult sweep, ExperimentResult swept, int machineCpus) {
            double expected = at.applyAsDouble(machineCpus);
            SweepFit fit = sweep.fit();
            String band = format(Locale.ROOT, "%s ± %.0f %% (%s)", number(expected), 100 * tolerance, why);
            if (fit.knee().isEmpty()) {
                return claim.result(Verdict.Status.NOT_DECIDED, "no knee found, against " + band + ": " + fit.note());
            }
            double knee = fit.knee().getAsDouble();
            boolean holds = Math.abs(knee - expected) <= tolerance * expected;
            return claim.result(
                    holds ? Verdict.Status.REPRODUCED : Verdict.Status.NOT_REPRODUCED,
                    format(
                            Locale.ROOT,
                            "knee at %s = %s, against %s; from %s, holdout error %s",
                            claim.knob().name(),
                            number(knee),
                            band,
                            SweepFit.USL.equals(fit.model()) ? "the USL" : "Little's law's bounds",
                            fit.holdoutErrorPercent().isEmpty()
                                    ? "none"
                                    : format(
                                            Locale.ROOT,
                                            "%.1f %%",
                                            fit.holdoutErrorPercent().getAsDouble())));
        }

        @Override
        public String checkedAt(SweepClaim claim, int machineCpus) {
            return format(
                    Locale.ROOT,
                    "the knee of %s on %s within %.0f %% of %s (%s; this machine: %d CPUs)",
                    claim.knob().name(),
                    claim.variant(),
                    100 * tolerance,
                    number(at.applyAsDouble(machineCpus)),
                    why,
                    machineCpus);
        }
    }

    /**
     * Failures are an edge along the client's timeout, not a level: more than {@code over} of the requests
     * fail at every point {@code within} or more below where the physics puts it, fewer than {@code under}
     * at every point as far above. Not decided where the run did not measure what places the edge, or no
     * point lies that far on one side.
     *
     * @param at     where the physics puts the edge, in milliseconds, from what the swept run measured;
     *               empty where it did not measure it
     * @param how    how {@code at} reads it, in a few words, for the evidence and the listing
     */
    public record FailureEdge(
            Function<ExperimentResult, OptionalDouble> at, String how, Duration within, double over, double under)
            implements Expected {

        public FailureEdge {
            Objects.requireNonNull(at, "the edge");
            if (!within.isPositive() || !(under > 0 && under < over && over < 1)) {
                throw new IllegalArgumentException(
                        "a failure edge has a distance above zero, and shares 0 < under < over < 1");
            }
        }

        @Override
        public ClaimResult evaluate(SweepClaim claim, SweepResult sweep, ExperimentResult swept, int machineCpus) {
            OptionalDouble edge = at.apply(swept);
            if (edge.isEmpty()) {
                return claim.result(
                        Verdict.Status.NOT_DECIDED, "the run did not measure what places the edge (" + how + ")");
            }
            double millis = edge.getAsDouble();
            double apart = within.toMillis();
            List<SweepPoint> below = sweep.points().stream()
                    .filter(point -> point.value() <= millis - apart)
                    .toList();
            List<SweepPoint> above = sweep.points().stream()
                    .filter(point -> point.value() >= millis + apart)
                    .toList();
            String evidence = format(
                    Locale.ROOT,
                    "the edge at %s = %.0f ms (%s); failed %s%s",
                    claim.knob().name(),
                    millis,
                    how,
                    FailedShares.along(sweep.points()),
                    FailedShares.crossings(sweep.points()));
            if (below.isEmpty() || above.isEmpty()) {
                return claim.result(
                        Verdict.Status.NOT_DECIDED,
                        evidence
                                + format(
                                        Locale.ROOT,
                                        "; no point lies %.0f ms or more %s it",
                                        apart,
                                        below.isEmpty() && above.isEmpty()
                                                ? "either side of"
                                                : below.isEmpty() ? "below" : "above"));
            }
            List<SweepPoint> against = new ArrayList<>();
            below.stream().filter(point -> point.failedShare() <= over).forEach(against::add);
            above.stream().filter(point -> point.failedShare() >= under).forEach(against::add);
            if (against.isEmpty()) {
                return claim.result(Verdict.Status.REPRODUCED, evidence);
            }
            // a point this machine's CPU decided says nothing of the queue's edge
            boolean machine = against.stream().anyMatch(point -> MachineUsage.MACHINE_BOUND.equals(point.verdict()));
            return claim.result(
                    machine ? Verdict.Status.NOT_DECIDED : Verdict.Status.NOT_REPRODUCED,
                    evidence
                            + (machine
                                    ? "; a point against it was machine-bound: "
                                            + against.stream()
                                                    .map(SweepPoint::why)
                                                    .toList()
                                    : ""));
        }

        @Override
        public String checkedAt(SweepClaim claim, int machineCpus) {
            return format(
                    Locale.ROOT,
                    "on %s, > %.0f %% failed at every %s %d ms or more below the edge (%s), < %.0f %% at every "
                            + "one as far above",
                    claim.variant(),
                    100 * over,
                    claim.knob().name(),
                    within.toMillis(),
                    how,
                    100 * under);
        }
    }

    /**
     * Failures are a level the knob sets, not an edge: at every point the failed share lies within
     * {@code within} of the share the physics gives for that point from what the run measured there. Not
     * decided where the physics could be read at no point, or where a point against it was machine-bound.
     *
     * @param predicted the failed share the physics gives at a point (0 to 1), from its step and the knob's value;
     *                  empty where the step did not measure what it needs
     * @param how       how {@code predicted} reads it, in a few words, for the evidence and the listing
     * @param within    how far a point's failed share may lie from it, as a share (0.05: 5 percentage points)
     */
    public record FailureLevel(AtPoint predicted, String how, double within) implements Expected {

        /** The physics at one point of the sweep. */
        @FunctionalInterface
        public interface AtPoint {
            OptionalDouble failedShare(VariantResult variant, StepResult step, double knobValue);
        }

        public FailureLevel {
            Objects.requireNonNull(predicted, "the level");
            if (!(within > 0 && within < 1)) {
                throw new IllegalArgumentException("a failure level's tolerance is a share between 0 and 1");
            }
        }

        @Override
        public ClaimResult evaluate(SweepClaim claim, SweepResult sweep, ExperimentResult swept, int machineCpus) {
            List<String> each = new ArrayList<>();
            List<String> against = new ArrayList<>();
            boolean machine = false;
            for (SweepPoint point : sweep.points()) {
                Optional<Ran> ran = ranAt(swept, point);
                OptionalDouble share = ran.isEmpty()
                        ? OptionalDouble.empty()
                        : predicted.failedShare(ran.get().variant(), ran.get().step(), point.value());
                if (share.isEmpty()) {
                    continue;
                }
                String line = format(
                        Locale.ROOT,
                        "%.1f %% against %.1f %% at %s",
                        100 * point.failedShare(),
                        100 * share.getAsDouble(),
                        number(point.value()));
                each.add(line);
                if (Math.abs(point.failedShare() - share.getAsDouble()) > within) {
                    against.add(line);
                    machine |= ran.get().step().machineBound();
                }
            }
            if (each.isEmpty()) {
                return claim.result(
                        Verdict.Status.NOT_DECIDED, "the run did not measure what the level needs (" + how + ")");
            }
            String evidence = format(
                    Locale.ROOT,
                    "failed along %s, measured against %s: %s",
                    claim.knob().name(),
                    how,
                    String.join(", ", each));
            if (against.isEmpty()) {
                return claim.result(Verdict.Status.REPRODUCED, evidence);
            }
            return claim.result(
                    machine ? Verdict.Status.NOT_DECIDED : Verdict.Status.NOT_REPRODUCED,
                    evidence
                            + format(
                                    Locale.ROOT,
                                    "; beyond %.0f percentage points at %s",
                                    100 * within,
                                    String.join(", ", against))
                            + (machine ? "; a point against it was machine-bound" : ""));
        }

        @Override
        public String checkedAt(SweepClaim claim, int machineCpus) {
            return format(
                    Locale.ROOT,
                    "on %s, the failed share at every %s within %.0f percentage points of the share from %s",
                    claim.variant(),
                    claim.knob().name(),
                    100 * within,
                    how);
        }

        private record Ran(VariantResult variant, StepResult step) {}

        /** The variant and step a point ran, by the name the sweep gave its step. */
        private static Optional<Ran> ranAt(ExperimentResult swept, SweepPoint point) {
            if (point.stepVariant().isEmpty() || point.stepLoad().isEmpty()) {
                return Optional.empty();
            }
            String variant = point.stepVariant().get();
            String load = point.stepLoad().get();
            return swept.variants().stream()
                    .filter(ran -> ran.name().equals(variant))
                    .flatMap(ran -> ran.steps().stream()
                            .filter(step -> step.load().equals(load))
                            .map(step -> new Ran(ran, step)))
                    .findFirst();
        }
    }

    static String number(double value) {
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
        private FailureEdge edge;
        private FailureLevel level;
        private String articleSaid;
        private List<MeasuredSpread> spreads = List.of();
        private Map<String, String> alongside = Map.of();

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

        /** Failures turn from most to few within this far either side of the edge the run's own figures place. */
        public Builder failureEdge(
                Function<ExperimentResult, OptionalDouble> atMillis,
                String how,
                Duration within,
                double over,
                double under) {
            this.edge = new FailureEdge(atMillis, how, within, over, under);
            return this;
        }

        /** Failures at every point within this far of the share the physics gives there, from the point's own figures. */
        public Builder failureLevel(FailureLevel.AtPoint predicted, String how, double within) {
            this.level = new FailureLevel(predicted, how, within);
            return this;
        }

        /** The article's figure the curve puts in its place. */
        public Builder articleSaid(String figure) {
            this.articleSaid = figure;
            return this;
        }

        /** How far its deciding figure moved over a bench of the sweep here, for a reader; the check does not read it. */
        public Builder spreadHere(MeasuredSpread... measured) {
            this.spreads = List.of(measured);
            return this;
        }

        /**
         * Spring properties every point of the sweep runs with beside the variant's own, where the variant's would
         * hide what the sweep shows (a timeout of its own in front of the knob's).
         */
        public Builder alongside(Map<String, String> properties) {
            this.alongside = properties;
            return this;
        }

        public SweepClaim build() {
            long expected =
                    Stream.of(knee, edge, level).filter(Objects::nonNull).count();
            if (expected != 1) {
                throw new IllegalArgumentException(
                        id + ": a sweep expects a knee, a failure edge or a failure level, one of them");
            }
            return new SweepClaim(
                    id,
                    text,
                    variant,
                    load,
                    ownLoad,
                    knob,
                    scale,
                    edge != null ? edge : level != null ? level : new Knee(knee, tolerance, why),
                    articleSaid,
                    spreads,
                    alongside);
        }
    }
}
