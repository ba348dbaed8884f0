package org.concurrencylab.report.diagnosis;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.ToDoubleFunction;
import org.concurrencylab.report.document.Figures;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.statistics.Difference;
import org.concurrencylab.statistics.ForkSample;

/**
 * A study's variants, each against the first, at the heaviest step both ran: the throughput and the p95 latency as
 * a difference of the forks' means ("+12 % (+8 to +16 %)"), decided better, worse or not told apart by Welch's
 * interval over their forks; where not told apart, how many forks of each would tell a difference of the size
 * measured apart at the spread measured. A variant of one fork is compared, and not decided.
 */
public final class VariantComparison {

    /** One variant against the first at one step. */
    public record Line(String variant, String against, String step, String sentence) {}

    private VariantComparison() {}

    /** Each variant of the study against its first; none where it has one variant. */
    public static List<Line> of(ExperimentResult experiment, double level) {
        List<VariantResult> variants = experiment.variants().stream()
                .filter(VariantResult::ok)
                .filter(variant -> !variant.steps().isEmpty())
                .toList();
        if (variants.size() < 2) {
            return List.of();
        }
        VariantResult first = variants.getFirst();
        List<Line> lines = new ArrayList<>();
        for (VariantResult other : variants.subList(1, variants.size())) {
            heaviestInBoth(first, other)
                    .ifPresent(load -> lines.add(new Line(
                            other.name(),
                            first.name(),
                            load,
                            format(
                                    Locale.ROOT,
                                    "%s against %s at %s: throughput %s; p95 %s.",
                                    other.name(),
                                    first.name(),
                                    load,
                                    compared(
                                            first,
                                            other,
                                            load,
                                            step -> step.client().throughputPerSecond(),
                                            true,
                                            level),
                                    compared(
                                            first,
                                            other,
                                            load,
                                            step -> step.client()
                                                    .latencyMillis()
                                                    .p95(),
                                            false,
                                            level)))));
        }
        return lines;
    }

    /** The heaviest step both ran: the last of the first's that the other ran too. */
    private static Optional<String> heaviestInBoth(VariantResult first, VariantResult other) {
        List<String> loads = other.steps().stream().map(StepResult::load).toList();
        return first.steps().reversed().stream()
                .map(StepResult::load)
                .filter(loads::contains)
                .findFirst();
    }

    /**
     * One figure compared: the difference and its interval, and the decision in words.
     *
     * @param higherIsBetter throughput: higher is better; a latency: lower is
     */
    static String compared(
            VariantResult first,
            VariantResult other,
            String load,
            ToDoubleFunction<StepResult> figure,
            boolean higherIsBetter,
            double level) {
        ForkSample a = sample(first, load, figure);
        ForkSample b = sample(other, load, figure);
        if (a.mean() == 0) {
            return "not compared (none measured)";
        }
        Difference difference = Difference.of(a, b, level);
        String measured = signed(difference.relative())
                + (difference.interval() == null
                        ? ""
                        : " (" + signed(difference.interval().low()) + " to "
                                + signed(difference.interval().high()) + ")");
        return switch (difference.separation()) {
            case HIGHER -> measured + ": " + (higherIsBetter ? "better" : "worse");
            case LOWER -> measured + ": " + (higherIsBetter ? "worse" : "better");
            case NOT_TOLD_APART -> measured + ": not told apart" + needed(a, b, difference, level);
        };
    }

    /** What would tell the two apart: more forks, or more than one fork a side. */
    private static String needed(ForkSample a, ForkSample b, Difference difference, double level) {
        if (difference.interval() == null) {
            return " (one JVM a side: run forks to tell them apart)";
        }
        OptionalInt forks = Difference.forksToTellApart(a, b, level);
        return forks.isPresent()
                ? format(
                        Locale.ROOT,
                        ", %d forks of each would tell a difference of %s apart at this spread",
                        forks.getAsInt(),
                        Figures.share(difference.relative()))
                : format(
                        Locale.ROOT,
                        ", too small for up to %d forks of each to tell apart at this spread",
                        Difference.MOST_FORKS);
    }

    /** Each fork's figure at the step: the forks', or the variant's own where it ran once. */
    private static ForkSample sample(VariantResult variant, String load, ToDoubleFunction<StepResult> figure) {
        List<Double> values = new ArrayList<>();
        for (VariantResult run : variant.runs()) {
            run.steps().stream()
                    .filter(step -> step.load().equals(load))
                    .findFirst()
                    .ifPresent(step -> values.add(figure.applyAsDouble(step)));
        }
        return ForkSample.of(values);
    }

    private static String signed(double share) {
        return (share < 0 ? "-" : "+") + Figures.share(share);
    }
}
