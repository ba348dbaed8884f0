package org.concurrencylab.capacity;

import java.util.Comparator;
import java.util.List;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.interval.Interval;

/**
 * Which resource saturates first, as far as the forks can tell: the one allowing the least, and beside it every
 * other whose range of what it allows meets the limit's (each resource's interval over the forks, or its figure
 * alone where it has none: one fork, or a rate the user named), as either may then be the one that stops the
 * service first. A pool with a member for every user of a closed step cannot be waited for, and is left out.
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
        List<ResourceDemand> candidates = resources.stream()
                .filter(resource -> !ResourceDemand.POOL.equals(resource.kind()) || resource.size() < users)
                .toList();
        if (candidates.isEmpty()) {
            candidates = resources;
        }
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
                .filter(java.util.Objects::nonNull)
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
