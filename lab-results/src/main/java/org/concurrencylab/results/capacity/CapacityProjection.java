package org.concurrencylab.results.capacity;

import java.util.List;
import org.concurrencylab.results.interval.Interval;

/**
 * A service's capacity model carried onto a {@link CapacityTarget}: the same CPU per request on the target's
 * cores (the lab's load driver left behind), the same pools and holds. Made wherever the model has a resource to
 * carry; what the model leaves out stands beside it as a caveat, never in its place.
 *
 * @param target              what was asked
 * @param resources           every resource at the target, its present size: the cores are the target's
 * @param throughputPerSecond what the service would reach there, the least any resource (or the target's rate)
 *                            allows; null only where the model had no resource to carry (no CPU read, no pool)
 * @param limit               the resource that would stop it there; {@code arrivals} where the target's rate is
 *                            served with every resource to spare; null where there is no throughput
 * @param sizesForRate        what each resource needs for the target's rate, in its own unit (cores busy, members
 *                            held), by Little's law; empty where the target names no rate
 * @param caveat              what the model leaves out that could move the projection (a lock the threads waited on,
 *                            a shortfall the model does not explain, a CPU it could not read), in words; null where
 *                            nothing. Files before version 6 called it notProjected, and gave no throughput with it
 * @param throughputPerSecondInterval for a model of several forks, the range the throughput lies in: the least of
 *                            what the resources allow at each end of their intervals; null for one fork
 * @param notToldApart        the resources the forks could not tell apart from the limit there
 */
public record CapacityProjection(
        CapacityTarget target,
        List<ResourceDemand> resources,
        Double throughputPerSecond,
        String limit,
        List<SizeForRate> sizesForRate,
        String caveat,
        Interval throughputPerSecondInterval,
        List<String> notToldApart) {

    public CapacityProjection {
        resources = resources == null ? List.of() : List.copyOf(resources);
        sizesForRate = sizesForRate == null ? List.of() : List.copyOf(sizesForRate);
        notToldApart = notToldApart == null ? List.of() : List.copyOf(notToldApart);
    }

    /**
     * @param name          the resource
     * @param exact         rate x hold: the mean the rate keeps in use (cores busy, members held)
     * @param size          what to give it: {@code exact} rounded up
     * @param property      the Spring property to set it with; null for the cores and for a pool the code sizes
     * @param exactInterval for a model of several forks, the interval of {@code exact} over them; null for one fork
     * @param sizeAtMost    what the interval's high end would need; {@code size} for one fork
     */
    public record SizeForRate(
            String name, double exact, int size, String property, Interval exactInterval, int sizeAtMost) {

        /** One fork's size: no interval. */
        public SizeForRate(String name, double exact, int size, String property) {
            this(name, exact, size, property, null, size);
        }
    }
}
