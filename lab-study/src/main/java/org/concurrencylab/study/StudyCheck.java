package org.concurrencylab.study;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.interval.Interval;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.statistics.Difference;
import org.concurrencylab.statistics.ForkSample;

/**
 * A limit a team holds its own service to, checked on a study's step as the articles' claims are on
 * theirs: met, a verdict of "reproduced"; not met, "not reproduced"; a step the study never reached, "not
 * decided". Every limit given must hold: one not met decides the check, else one the forks cannot decide
 * leaves it undecided.
 *
 * <p>A variant run in forks has each figure's interval over them, and a limit is judged by it: met where the
 * whole interval lies on the limit's side (a p95's high end at most the limit), not met where the whole
 * interval lies beyond it (its low end above), not decided where the limit falls inside. A figure of one fork,
 * and the failed share (the forks' requests counted together), is judged by its value.
 *
 * @param variant              the variant it checks; null for every variant of the study
 * @param step                 the step it checks, by its users or, in a study of open steps, its rate
 * @param p95AtMostMillis      the step's p95 may be at most this; null: not checked
 * @param p99AtMostMillis      the step's p99 may be at most this; null: not checked
 * @param failedAtMostPercent  at most this share of the step's requests may fail; null: not checked
 * @param throughputAtLeastPercent the step's throughput at least this share of what its users allow alone
 *                             (U / (R0 + Z), "LL TPS"), or of its rate; null: not checked
 * @param sameOrBetterThan     another variant the step must do as well as at the same step: its throughput
 *                             at least 95 % of the other's and its p95 at most 105 % (the difference of their
 *                             forks' means, by Welch's interval); null: not checked
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
        public boolean isOf(LoadPlan plan) {
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
        Objects.requireNonNull(step, "a check names its step");
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

    /** What the forks say of one limit. */
    enum Judged {
        MET,
        NOT_MET,
        NOT_DECIDED;

        /** At most {@code limit}: met where all of the range is, not met where none of it is. */
        static Judged atMost(double low, double high, double limit) {
            return high <= limit ? MET : low > limit ? NOT_MET : NOT_DECIDED;
        }

        /** At least {@code limit}: met where all of the range is, not met where none of it is. */
        static Judged atLeast(double low, double high, double limit) {
            return low >= limit ? MET : high < limit ? NOT_MET : NOT_DECIDED;
        }
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
        List<Judged> judged = new ArrayList<>();
        LatencyMillis latency = measured.client().latencyMillis();
        if (p95AtMostMillis != null) {
            judged.add(atMost(latency.p95(), latency.p95Interval(), p95AtMostMillis));
            evidence.add("p95 " + millis(latency.p95(), latency.p95Interval()));
        }
        if (p99AtMostMillis != null) {
            judged.add(atMost(latency.p99(), latency.p99Interval(), p99AtMostMillis));
            evidence.add("p99 " + millis(latency.p99(), latency.p99Interval()));
        }
        double failed = measured.client().requests().sent() == 0
                ? 0
                : 100.0
                        * measured.client().requests().failed()
                        / measured.client().requests().sent();
        if (failedAtMostPercent != null) {
            judged.add(Judged.atMost(failed, failed, failedAtMostPercent));
            evidence.add(format(
                    Locale.ROOT,
                    "%.2f %% of %d failed",
                    failed,
                    measured.client().requests().sent()));
        }
        if (throughputAtLeastPercent != null) {
            double bound = measured.bound().littlesLawPerSecond();
            double served = measured.client().throughputPerSecond();
            Interval interval = measured.client().throughputPerSecondInterval();
            judged.add(Judged.atLeast(
                    100 * (interval == null ? served : interval.low()) / bound,
                    100 * (interval == null ? served : interval.high()) / bound,
                    throughputAtLeastPercent));
            evidence.add(format(
                    Locale.ROOT,
                    "%.1f/s, %.0f %%%s of %s",
                    served,
                    100 * served / bound,
                    interval == null
                            ? ""
                            : format(
                                    Locale.ROOT,
                                    " (%.0f to %.0f %%)",
                                    100 * interval.low() / bound,
                                    100 * interval.high() / bound),
                    step.open() ? "its rate" : "what its users allow"));
        }
        if (sameOrBetterThan != null) {
            Optional<VariantResult> base = all.stream()
                    .filter(variant -> variant.name().equals(sameOrBetterThan))
                    .findFirst()
                    .filter(variant -> at(variant).isPresent());
            if (base.isEmpty()) {
                return new ClaimResult(
                        id, text, Verdict.Status.NOT_DECIDED.label(), sameOrBetterThan + " has no step at " + step);
            }
            Difference throughput = Difference.of(
                    forks(base.get(), step -> step.client().throughputPerSecond()),
                    forks(result, step -> step.client().throughputPerSecond()),
                    level(measured));
            Difference p95 = Difference.of(
                    forks(base.get(), step -> step.client().latencyMillis().p95()),
                    forks(result, step -> step.client().latencyMillis().p95()),
                    level(measured));
            judged.add(Judged.atLeast(low(throughput), high(throughput), -SAME));
            judged.add(Judged.atMost(low(p95), high(p95), SAME));
            evidence.add(format(
                    Locale.ROOT, "against %s: throughput %s, p95 %s", sameOrBetterThan, share(throughput), share(p95)));
        }
        String said = String.join("; ", evidence);
        Verdict.Status status = judged.contains(Judged.NOT_MET)
                ? Verdict.Status.NOT_REPRODUCED
                : judged.contains(Judged.NOT_DECIDED) ? Verdict.Status.NOT_DECIDED : Verdict.Status.REPRODUCED;
        return new ClaimResult(
                id,
                text,
                status.label(),
                status == Verdict.Status.NOT_DECIDED && !judged.contains(Judged.NOT_MET)
                        ? said + "; the limit falls within the forks' interval"
                        : said);
    }

    /** A figure at most {@code limit}: by its interval over the forks where it has one, else by its value. */
    private static Judged atMost(double value, Interval interval, double limit) {
        return interval == null
                ? Judged.atMost(value, value, limit)
                : Judged.atMost(interval.low(), interval.high(), limit);
    }

    /** Each fork's figure at the check's step, or the variant's own where it ran once. */
    private ForkSample forks(VariantResult variant, ToDoubleFunction<StepResult> figure) {
        List<Double> values = new ArrayList<>();
        for (VariantResult run : variant.runs()) {
            at(run).ifPresent(found -> values.add(figure.applyAsDouble(found)));
        }
        return ForkSample.of(values);
    }

    /** The level the step's intervals were made at; the lab's own where it has none. */
    private static double level(StepResult step) {
        return step.client().throughputPerSecondInterval() == null
                ? Defaults.CONFIDENCE
                : step.client().throughputPerSecondInterval().level();
    }

    private static double low(Difference difference) {
        return difference.interval() == null
                ? difference.relative()
                : difference.interval().low();
    }

    private static double high(Difference difference) {
        return difference.interval() == null
                ? difference.relative()
                : difference.interval().high();
    }

    private static String share(Difference difference) {
        String relative = format(Locale.ROOT, "%+.1f %%", 100 * difference.relative());
        return difference.interval() == null
                ? relative
                : relative
                        + format(
                                Locale.ROOT,
                                " (%+.1f to %+.1f %%)",
                                100 * difference.interval().low(),
                                100 * difference.interval().high());
    }

    private static String millis(double value, Interval interval) {
        return interval == null
                ? format(Locale.ROOT, "%.1f ms", value)
                : format(Locale.ROOT, "%.1f ms (%.1f to %.1f)", value, interval.low(), interval.high());
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
