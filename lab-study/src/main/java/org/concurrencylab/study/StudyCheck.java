package org.concurrencylab.study;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;

/**
 * A limit a team holds its own service to, checked on a study's step as the articles' claims are on
 * theirs: met, a verdict of "reproduced"; not met, "not reproduced"; a step the study never reached, "not
 * decided". Every limit given must hold.
 *
 * @param variant              the variant it checks; null for every variant of the study
 * @param step                 the step it checks, by its users or, in a study of open steps, its rate
 * @param p95AtMostMillis      the step's p95 may be at most this; null: not checked
 * @param p99AtMostMillis      the step's p99 may be at most this; null: not checked
 * @param failedAtMostPercent  at most this share of the step's requests may fail; null: not checked
 * @param throughputAtLeastPercent the step's throughput at least this share of what its users allow alone
 *                             (U / (R0 + Z), "LL TPS"), or of its rate; null: not checked
 * @param sameOrBetterThan     another variant the step must do as well as at the same step: its throughput
 *                             at least 95 % of the other's and its p95 at most 105 %; null: not checked
 */
public record StudyCheck(
        String variant,
        Step step,
        Double p95AtMostMillis,
        Double p99AtMostMillis,
        Double failedAtMostPercent,
        Double throughputAtLeastPercent,
        String sameOrBetterThan) {

    /** How close "as well as" is: a run-to-run noise of a few per cent in either figure is not a change. */
    static final double SAME = 0.05;

    /**
     * A step of a study, as a check names it.
     *
     * @param open  whether it is an open step, named by its rate, rather than a closed one named by its users
     * @param value its users, or its rate a second
     */
    public record Step(boolean open, int value) {

        public Step {
            if (value < 1) {
                throw new IllegalArgumentException(
                        "a check names its step by its " + (open ? "rate" : "users") + ", 1 or more, not " + value);
            }
        }

        public static Step users(int users) {
            return new Step(false, users);
        }

        public static Step rate(int perSecond) {
            return new Step(true, perSecond);
        }

        /** Whether {@code plan} is the load of this step. */
        public boolean isOf(org.concurrencylab.results.step.LoadPlan plan) {
            return plan != null
                    && (open
                            ? plan.ratePerSecond() != null && Math.round(plan.ratePerSecond()) == value
                            : plan.ratePerSecond() == null && plan.users() != null && plan.users() == value);
        }

        @Override
        public String toString() {
            return open ? value + "/s" : value + (value == 1 ? " user" : " users");
        }
    }

    public StudyCheck {
        java.util.Objects.requireNonNull(step, "a check names its step");
        if (p95AtMostMillis == null
                && p99AtMostMillis == null
                && failedAtMostPercent == null
                && throughputAtLeastPercent == null
                && sameOrBetterThan == null) {
            throw new IllegalArgumentException("a check at " + step + " says no limit");
        }
    }

    /** What the check asks, in words: the claim's text in the report. */
    public String text(String variantName) {
        List<String> limits = new ArrayList<>();
        Optional.ofNullable(p95AtMostMillis)
                .ifPresent(limit -> limits.add(format(Locale.ROOT, "p95 at most %s ms", number(limit))));
        Optional.ofNullable(p99AtMostMillis)
                .ifPresent(limit -> limits.add(format(Locale.ROOT, "p99 at most %s ms", number(limit))));
        Optional.ofNullable(failedAtMostPercent)
                .ifPresent(limit -> limits.add(format(Locale.ROOT, "at most %s %% failed", number(limit))));
        Optional.ofNullable(throughputAtLeastPercent)
                .ifPresent(limit -> limits.add(format(
                        Locale.ROOT,
                        "throughput at least %s %% of %s",
                        number(limit),
                        step.open() ? "its rate" : "what its users allow")));
        Optional.ofNullable(sameOrBetterThan).ifPresent(other -> limits.add("as well as " + other));
        return variantName + " at " + step + ": " + String.join(", ", limits) + ".";
    }

    /** The verdict on one variant's results; {@code all} are every variant's, for {@link #sameOrBetterThan}. */
    public ClaimResult evaluate(String id, VariantResult result, List<VariantResult> all) {
        String text = text(result.name());
        Optional<StepResult> found = at(result);
        if (found.isEmpty()) {
            return new ClaimResult(
                    id,
                    text,
                    Verdict.Status.NOT_DECIDED.label(),
                    result.ok() ? "the study stopped before " + step : result.name() + " failed: " + result.failure());
        }
        StepResult measured = found.get();
        List<String> evidence = new ArrayList<>();
        boolean holds = true;
        if (p95AtMostMillis != null) {
            holds &= measured.client().latencyMillis().p95() <= p95AtMostMillis;
            evidence.add(format(
                    Locale.ROOT,
                    "p95 %.1f ms",
                    measured.client().latencyMillis().p95()));
        }
        if (p99AtMostMillis != null) {
            holds &= measured.client().latencyMillis().p99() <= p99AtMostMillis;
            evidence.add(format(
                    Locale.ROOT,
                    "p99 %.1f ms",
                    measured.client().latencyMillis().p99()));
        }
        double failed = measured.client().requests().sent() == 0
                ? 0
                : 100.0
                        * measured.client().requests().failed()
                        / measured.client().requests().sent();
        if (failedAtMostPercent != null) {
            holds &= failed <= failedAtMostPercent;
            evidence.add(format(
                    Locale.ROOT,
                    "%.2f %% of %d failed",
                    failed,
                    measured.client().requests().sent()));
        }
        if (throughputAtLeastPercent != null) {
            double share = 100
                    * measured.client().throughputPerSecond()
                    / measured.bound().littlesLawPerSecond();
            holds &= share >= throughputAtLeastPercent;
            evidence.add(format(
                    Locale.ROOT,
                    "%.1f/s, %.0f %% of %s",
                    measured.client().throughputPerSecond(),
                    share,
                    step.open() ? "its rate" : "what its users allow"));
        }
        if (sameOrBetterThan != null) {
            Optional<StepResult> other = all.stream()
                    .filter(variant -> variant.name().equals(sameOrBetterThan))
                    .findFirst()
                    .flatMap(this::at);
            if (other.isEmpty()) {
                return new ClaimResult(
                        id, text, Verdict.Status.NOT_DECIDED.label(), sameOrBetterThan + " has no step at " + step);
            }
            StepResult base = other.get();
            holds &= measured.client().throughputPerSecond()
                            >= (1 - SAME) * base.client().throughputPerSecond()
                    && measured.client().latencyMillis().p95()
                            <= (1 + SAME) * base.client().latencyMillis().p95();
            evidence.add(format(
                    Locale.ROOT,
                    "%.1f/s and p95 %.1f ms against %s's %.1f/s and %.1f ms",
                    measured.client().throughputPerSecond(),
                    measured.client().latencyMillis().p95(),
                    sameOrBetterThan,
                    base.client().throughputPerSecond(),
                    base.client().latencyMillis().p95()));
        }
        return new ClaimResult(
                id,
                text,
                Verdict.of(holds, String.join("; ", evidence)).status().label(),
                String.join("; ", evidence));
    }

    private Optional<StepResult> at(VariantResult result) {
        return result.steps().stream()
                .filter(measured -> step.isOf(measured.plan()))
                .findFirst();
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
