package org.concurrencylab.capacity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.interval.Interval;
import org.concurrencylab.statistics.ForkSample;

/**
 * Which resource saturates first, as far as the forks can tell: the one allowing the least, and beside it every
 * other the forks cannot tell apart from it, as either may then be the one that stops the service first. Where the
 * forks' own models are at hand ({@link #ofForks}), two resources are compared fork by fork: a JVM that runs slower
 * holds every resource longer, so the ratio of what two resources allow in the same JVM moves far less than either
 * does from one JVM to the next, and the other is told apart where that ratio's interval lies above 1. Otherwise
 * ({@link #of}) the other is beside the limit where its range of what it allows meets the limit's (each resource's
 * interval over the forks, or its figure alone where it has none: one fork, or a rate the user named). A pool with a
 * member for every user of a closed step cannot be waited for, and is left out.
 *
 * @param limit        the resource allowing the least, by the forks' means
 * @param notToldApart the names of those the intervals cannot tell apart from it, in the order given
 * @param range        where the least any of them allows lies ({@link #rangeOf(List)}); null where none has an
 *                     interval
 */
public record Saturation(ResourceDemand limit, List<String> notToldApart, Interval range) {

    public Saturation {
        notToldApart = List.copyOf(notToldApart);
    }

    /**
     * @param users a closed step's users, {@link Integer#MAX_VALUE} for an open one
     */
    public static Saturation of(List<ResourceDemand> resources, int users) {
        List<ResourceDemand> candidates = candidates(resources, users);
        Comparator<ResourceDemand> least = Comparator.comparingDouble(ResourceDemand::allowsPerSecond)
                .thenComparing(resource -> !resource.isLoad());
        ResourceDemand limit = candidates.stream().min(least).orElseThrow();
        return new Saturation(
                limit,
                candidates.stream()
                        .filter(other -> other != limit && meet(other, limit))
                        .map(ResourceDemand::name)
                        .toList(),
                rangeOf(candidates));
    }

    /**
     * As {@link #of}, each other resource told apart from the limit fork by fork: where, in every fork, both have what
     * they allow, by the interval of the ratio of the two over the forks (the mean of its logarithm, Student's t);
     * otherwise by their ranges.
     *
     * @param forks    each fork's own resources, in the order the forks ran
     * @param together the resources of the forks together ({@link CapacityOfForks}), whose means name the limit
     * @param users    a closed step's users, {@link Integer#MAX_VALUE} for an open one
     * @param level    the confidence level of the ratios' intervals
     */
    public static Saturation ofForks(
            List<List<ResourceDemand>> forks, List<ResourceDemand> together, int users, double level) {
        Saturation byRanges = of(together, users);
        if (forks.size() < 2) {
            return byRanges;
        }
        ResourceDemand limit = byRanges.limit();
        List<String> notToldApart = new ArrayList<>();
        for (ResourceDemand other : candidates(together, users)) {
            if (other == limit) {
                continue;
            }
            boolean apart = ratioOverForks(forks, limit.name(), other.name(), level)
                    .map(ratio -> ratio.low() > 1)
                    .orElse(!meet(other, limit));
            if (!apart) {
                notToldApart.add(other.name());
            }
        }
        return new Saturation(limit, notToldApart, byRanges.range());
    }

    /**
     * The interval over the forks of what {@code other} allows over what {@code limit} allows in the same fork; empty
     * where a fork lacks either, or either allows nothing.
     */
    static Optional<Interval> ratioOverForks(
            List<List<ResourceDemand>> forks, String limit, String other, double level) {
        List<Double> logRatios = new ArrayList<>();
        for (List<ResourceDemand> fork : forks) {
            OptionalDouble least = allows(fork, limit);
            OptionalDouble more = allows(fork, other);
            if (least.isEmpty() || more.isEmpty() || least.getAsDouble() <= 0 || more.getAsDouble() <= 0) {
                return Optional.empty();
            }
            logRatios.add(Math.log(more.getAsDouble() / least.getAsDouble()));
        }
        return ForkSample.of(logRatios)
                .interval(level)
                .map(log -> new Interval(Math.exp(log.low()), Math.exp(log.high()), log.level(), log.forks()));
    }

    private static OptionalDouble allows(List<ResourceDemand> fork, String name) {
        return fork.stream()
                .filter(resource -> resource.name().equals(name))
                .mapToDouble(ResourceDemand::allowsPerSecond)
                .findFirst();
    }

    private static List<ResourceDemand> candidates(List<ResourceDemand> resources, int users) {
        List<ResourceDemand> candidates = resources.stream()
                .filter(resource -> !ResourceDemand.POOL.equals(resource.kind()) || resource.size() < users)
                .toList();
        return candidates.isEmpty() ? resources : candidates;
    }

    /** Whether the two resources' ranges of what they allow share a value. */
    static boolean meet(ResourceDemand a, ResourceDemand b) {
        return low(a) <= high(b) && low(b) <= high(a);
    }

    /**
     * The range the least of them allows lies in: from the least of their low ends to the least of their high ends;
     * null where no resource has an interval.
     */
    static Interval rangeOf(List<ResourceDemand> resources) {
        Interval any = resources.stream()
                .map(ResourceDemand::allowsPerSecondInterval)
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(null);
        if (any == null) {
            return null;
        }
        return new Interval(
                resources.stream().mapToDouble(Saturation::low).min().orElseThrow(),
                resources.stream().mapToDouble(Saturation::high).min().orElseThrow(),
                any.level(),
                any.forks());
    }

    static double low(ResourceDemand resource) {
        return resource.allowsPerSecondInterval() == null
                ? resource.allowsPerSecond()
                : resource.allowsPerSecondInterval().low();
    }

    static double high(ResourceDemand resource) {
        return resource.allowsPerSecondInterval() == null
                ? resource.allowsPerSecond()
                : resource.allowsPerSecondInterval().high();
    }
}
