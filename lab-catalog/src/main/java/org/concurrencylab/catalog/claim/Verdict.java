package org.concurrencylab.catalog.claim;

import static java.lang.String.format;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.concurrencylab.results.step.StepResult;

/** A claim's outcome on this run, with the measured numbers that decided it. */
public record Verdict(Status status, String evidence) {

    public enum Status {
        REPRODUCED("reproduced"),
        NOT_REPRODUCED("not reproduced"),
        /** The measurement cannot tell: a machine-bound step, or a difference inside the run-to-run noise. */
        NOT_DECIDED("not decided"),
        NOT_APPLICABLE("not applicable");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public static Verdict of(boolean holds, String evidence) {
        return new Verdict(holds ? Status.REPRODUCED : Status.NOT_REPRODUCED, evidence);
    }

    /**
     * A verdict decided on these steps. When one of them was machine-bound (this machine's CPU or a JIT
     * still compiling decided its figures) a claim that does not hold is not decided rather than
     * refuted, and one that holds says that it held on such a step.
     */
    public static Verdict onSteps(boolean holds, String evidence, StepResult... steps) {
        List<StepResult> machineBound =
                Arrays.stream(steps).filter(StepResult::machineBound).toList();
        if (machineBound.isEmpty()) {
            return of(holds, evidence);
        }
        if (holds) {
            // it held even so: the step is named, the report says why it was machine-bound
            return of(
                    true,
                    evidence + "; held on a machine-bound step ("
                            + String.join(
                                    ", ",
                                    machineBound.stream()
                                            .map(StepResult::load)
                                            .distinct()
                                            .toList()) + ")");
        }
        return new Verdict(
                Status.NOT_DECIDED,
                evidence + "; machine-bound step ("
                        + String.join(
                                "; ",
                                machineBound.stream()
                                        .map(step -> step.load() + ": "
                                                + step.machine().why())
                                        .toList())
                        + ")");
    }

    /**
     * As {@link #onSteps(boolean, String, StepResult...)}, for a claim decided by a figure that lies
     * {@code distance} (relative) from its threshold: where the machine-bound steps' shares of their
     * figures add up to less than that distance, this machine cannot have carried the figure across the
     * threshold, and a claim that fails is not reproduced rather than not decided.
     */
    public static Verdict onStepsAtDistance(boolean holds, double distance, String evidence, StepResult... steps) {
        List<StepResult> machineBound =
                Arrays.stream(steps).filter(StepResult::machineBound).toList();
        double shares = machineBound.stream()
                .mapToDouble(step -> step.machine().machineShare())
                .sum();
        boolean bounded = machineBound.stream().allMatch(step -> step.machine().shareBoundsTheMachine());
        if (holds || machineBound.isEmpty() || !bounded || !(distance > shares)) {
            return onSteps(holds, evidence, steps);
        }
        return of(
                false,
                evidence
                        + format(
                                Locale.ROOT,
                                "; decided on a machine-bound step (%s): this machine took at most "
                                        + "%.1f %% of its figures, and the figure is %.0f %% from the claim's threshold",
                                String.join(
                                        ", ",
                                        machineBound.stream()
                                                .map(StepResult::load)
                                                .distinct()
                                                .toList()),
                                100 * shares,
                                100 * distance));
    }

    /**
     * As {@link #onSteps(boolean, String, StepResult...)}, for a claim on a figure of {@code short} that this
     * machine's CPU can only raise (a busier machine adds latency and timeouts, it never takes them away): where
     * the figure already falls short of the claim and only {@code short}'s step was machine-bound, the machine
     * cannot have carried it below the threshold, and the claim is not reproduced whatever the step was.
     *
     * @param fallsShort the claim failed because {@code short}'s figure is below what it asks
     */
    public static Verdict shortOfWhatTheMachineCanOnlyRaise(
            boolean holds, boolean fallsShort, String evidence, StepResult raisable, StepResult... clean) {
        boolean othersClean = Arrays.stream(clean).noneMatch(StepResult::machineBound);
        if (holds || !fallsShort || !raisable.machineBound() || !othersClean) {
            StepResult[] steps =
                    Stream.concat(Stream.of(raisable), Arrays.stream(clean)).toArray(StepResult[]::new);
            return onSteps(holds, evidence, steps);
        }
        return of(
                false,
                evidence + "; decided on a machine-bound step (" + raisable.load() + "): this machine's CPU only "
                        + "adds latency and timeouts, and the figure is already below what the claim asks");
    }

    /**
     * A claim with a part no machine can move (a thread count, a pool's size) and a part measured
     * against a bound on these steps: when the first fails the claim is not reproduced whatever the
     * steps were; otherwise as {@link #onSteps(boolean, String, StepResult...)}.
     */
    public static Verdict structuralThenOnSteps(
            boolean structural, boolean measured, String evidence, StepResult... steps) {
        return structural ? onSteps(measured, evidence, steps) : of(false, evidence);
    }

    /**
     * A comparison between two figures that the run-to-run noise could flip: decided only when the
     * difference the model predicts is larger than the noise; otherwise not decided, with both figures.
     *
     * @param predicted the relative difference the model predicts
     * @param noise     the relative run-to-run noise of such figures on this machine
     */
    public static Verdict beyondNoise(boolean holds, double predicted, double noise, String evidence) {
        if (Math.abs(predicted) <= noise) {
            return new Verdict(
                    Status.NOT_DECIDED,
                    evidence
                            + format(
                                    Locale.ROOT,
                                    "; the model predicts a %.0f %% difference, inside the %.0f %% run-to-run noise, so one run cannot tell",
                                    100 * Math.abs(predicted),
                                    100 * noise));
        }
        return of(holds, evidence);
    }

    /**
     * A claim that one variant's figure is lower than another's, where that difference moves from one run to
     * the next by about as much as it is: decided only where it lies beyond {@code noise} either way (lower:
     * reproduced; higher: not reproduced, on {@code steps} as {@link #onSteps}); inside it, not decided.
     *
     * @param difference the measured relative difference, (figure - other's) / other's: below 0 where it is lower
     * @param noise      how far such a difference moves between runs of the lab here, relative
     */
    public static Verdict lowerBeyondNoise(double difference, double noise, String evidence, StepResult... steps) {
        if (Math.abs(difference) <= noise) {
            return new Verdict(
                    Status.NOT_DECIDED,
                    evidence + "; " + Thresholds.percent(Math.abs(difference)) + " apart, inside the "
                            + Thresholds.percent(noise)
                            + " such a difference moves from run to run here, so one run cannot tell");
        }
        return onSteps(difference < 0, evidence, steps);
    }

    /** The run did what it could, and what it measured cannot tell: {@code why} says what was missing. */
    public static Verdict notDecided(String why) {
        return new Verdict(Status.NOT_DECIDED, why);
    }

    public static Verdict notApplicable(String why) {
        return new Verdict(Status.NOT_APPLICABLE, why);
    }
}
