package org.concurrencylab.statistics.forks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.concurrencylab.results.Sizing;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.interval.Interval;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.statistics.ForkSample;

/**
 * A variant run in several forks (JVMs of the same settings, each warmed up on its own), as one result: each step
 * its forks' steps together ({@link StepAcrossForks}), the forks kept beside it as they ran. A fork that failed
 * counts in none of the figures; where every fork failed, so did the variant, for the first one's reason.
 */
public final class VariantAcrossForks {

    /** The sizing's entry for a study's R0, the lone requests' mean time, in milliseconds. */
    public static final String ALONE_MILLIS = "aloneMillis";

    private VariantAcrossForks() {}

    /**
     * The forks together, at the given confidence level; a list of one fork is that fork, with no interval.
     *
     * @param forks the variant's forks in the order they ran, one or more
     */
    public static VariantResult of(List<VariantResult> forks, double level) {
        if (forks.isEmpty()) {
            throw new IllegalArgumentException("a variant runs in one fork or more");
        }
        if (forks.stream().map(VariantResult::name).distinct().count() > 1) {
            throw new IllegalArgumentException("forks of one variant share its name, not "
                    + forks.stream().map(VariantResult::name).distinct().toList());
        }
        if (forks.size() == 1) {
            return forks.getFirst();
        }
        List<VariantResult> ran = forks.stream().filter(VariantResult::ok).toList();
        VariantResult first = ran.isEmpty() ? forks.getFirst() : ran.getFirst();
        VariantResult.Builder combined = VariantResult.from(first).forks(forks);
        if (ran.isEmpty()) {
            return combined.steps(List.of()).build();
        }
        List<StepResult> steps = new ArrayList<>();
        for (String load : loads(ran)) {
            List<StepResult> same = ran.stream()
                    .flatMap(fork -> fork.steps().stream())
                    .filter(step -> step.load().equals(load))
                    .toList();
            steps.add(StepAcrossForks.of(same, level));
        }
        return combined.steps(steps).sizing(sizing(ran)).build();
    }

    /** Every load a fork ran, in the order the first fork to run it did. */
    private static List<String> loads(List<VariantResult> forks) {
        List<String> loads = new ArrayList<>();
        forks.forEach(fork -> fork.steps().stream()
                .map(StepResult::load)
                .filter(load -> !loads.contains(load))
                .forEach(loads::add));
        return loads;
    }

    /** The first fork's sizing, with the lone requests' time the forks' mean. */
    private static Sizing sizing(List<VariantResult> forks) {
        Sizing first = forks.getFirst().sizing();
        return aloneMillis(forks)
                .map(sample -> first.with(Map.of(ALONE_MILLIS, sample.mean())))
                .orElse(first);
    }

    /** Each fork's lone requests' time, where every fork timed them. */
    public static Optional<ForkSample> aloneMillis(List<VariantResult> forks) {
        List<Double> values = new ArrayList<>();
        for (VariantResult fork : forks) {
            if (fork.ok() && fork.sizing().number(ALONE_MILLIS).isPresent()) {
                values.add(fork.sizing().number(ALONE_MILLIS).getAsDouble());
            }
        }
        return values.isEmpty() ? Optional.empty() : Optional.of(ForkSample.of(values));
    }

    /** The lone requests' time of a variant that ran in forks, with its interval over them; none for one fork. */
    public static Optional<Interval> aloneMillisInterval(VariantResult variant, double level) {
        return aloneMillis(variant.forks()).flatMap(sample -> sample.interval(level));
    }
}
