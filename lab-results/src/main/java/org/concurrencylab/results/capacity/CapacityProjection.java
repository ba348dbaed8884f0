package org.concurrencylab.results.capacity;

import java.util.List;

/**
 * A service's capacity model carried onto a {@link CapacityTarget}: the same CPU per request on the target's
 * cores (the lab's load driver left behind), the same pools and holds.
 *
 * @param target              what was asked
 * @param resources           every resource at the target, its present size: the cores are the target's
 * @param throughputPerSecond what the service would reach there, the least any resource (or the target's rate)
 *                            allows; null where it was not projected ({@code notProjected} says why)
 * @param limit               the resource that would stop it there; {@code arrivals} where the target's rate is
 *                            served with every resource to spare; null where not projected
 * @param sizesForRate        what each resource needs for the target's rate, in its own unit (cores busy, members
 *                            held), by Little's law; empty where the target names no rate
 * @param notProjected        why no throughput is given (a lock the threads waited on, a shortfall the model does
 *                            not explain); null where it is
 */
public record CapacityProjection(
        CapacityTarget target,
        List<ResourceDemand> resources,
        Double throughputPerSecond,
        String limit,
        List<SizeForRate> sizesForRate,
        String notProjected) {

    public CapacityProjection {
        resources = resources == null ? List.of() : List.copyOf(resources);
        sizesForRate = sizesForRate == null ? List.of() : List.copyOf(sizesForRate);
    }

    /**
     * @param name     the resource
     * @param exact    rate x hold: the mean the rate keeps in use (cores busy, members held)
     * @param size     what to give it: {@code exact} rounded up
     * @param property the Spring property to set it with; null for the cores and for a pool the code sizes
     */
    public record SizeForRate(String name, double exact, int size, String property) {}
}
