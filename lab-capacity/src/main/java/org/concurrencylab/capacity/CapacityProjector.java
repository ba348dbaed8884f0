package org.concurrencylab.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.concurrencylab.results.capacity.CapacityProjection;
import org.concurrencylab.results.capacity.CapacityTarget;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.capacity.ServiceCapacity;
import org.concurrencylab.results.interval.Interval;

/**
 * Carries a {@link ServiceCapacity} onto a {@link CapacityTarget}: the target's cores, each as fast as this
 * machine's, spend the service's own CPU per request (the lab's load driver stays behind); every pool keeps its
 * size and its hold; the target's rate, if named, is the load. The projection is made wherever the model has a
 * resource to carry; what the model leaves out (a lock, a shortfall it does not explain, a CPU it could not read)
 * is its caveat, beside it. A model of several forks carries its intervals: the throughput there is a range, the
 * sizes for the rate too, and the resources the intervals cannot tell apart from the limit are named.
 */
public final class CapacityProjector {

    private CapacityProjector() {}

    public static CapacityProjection onto(ServiceCapacity model, CapacityTarget target) {
        List<ResourceDemand> there = new ArrayList<>();
        List<String> caveats = new ArrayList<>();
        if (model.notModelled() != null) {
            caveats.add(model.notModelled());
        }
        if (model.serviceCpuMillis().isPresent()) {
            double cpuMillis = model.serviceCpuMillis().getAsDouble();
            Interval cpuInterval = model.serviceCpuMillisInterval();
            double allows = target.cpus() * 1000 / cpuMillis;
            there.add(new ResourceDemand(
                    ResourceDemand.CORES,
                    ResourceDemand.CORES,
                    target.cpus(),
                    cpuMillis,
                    allows,
                    null,
                    0,
                    cpuInterval,
                    cpuInterval == null
                            ? null
                            : cpuInterval.reciprocal(target.cpus() * 1000).orElse(null)));
        } else {
            caveats.add("the service's CPU per request was not measured, so the target's cores are left out");
        }
        model.resources().stream()
                .filter(resource -> ResourceDemand.POOL.equals(resource.kind()))
                .forEach(there::add);
        if (target.ratePerSecond() != null) {
            there.add(new ResourceDemand(
                    ResourceDemand.ARRIVALS,
                    ResourceDemand.ARRIVALS,
                    target.ratePerSecond(),
                    0,
                    target.ratePerSecond(),
                    null));
        }
        Optional<Saturation> saturation = there.stream().anyMatch(resource -> !resource.isLoad())
                ? Optional.of(Saturation.of(there, Integer.MAX_VALUE))
                : Optional.empty();
        List<CapacityProjection.SizeForRate> sizes = new ArrayList<>();
        if (target.ratePerSecond() != null) {
            for (ResourceDemand resource : there) {
                if (!resource.isLoad()) {
                    sizes.add(sizeFor(target.ratePerSecond(), resource));
                }
            }
        }
        return new CapacityProjection(
                target,
                there,
                saturation.map(found -> found.limit().allowsPerSecond()).orElse(null),
                saturation.map(found -> found.limit().name()).orElse(null),
                sizes,
                caveats.isEmpty() ? null : String.join("; ", caveats),
                saturation.map(Saturation::range).orElse(null),
                saturation.map(Saturation::notToldApart).orElse(List.of()));
    }

    /** What a rate asks of one resource by Little's law, and the size that gives it; its range over the forks. */
    private static CapacityProjection.SizeForRate sizeFor(double rate, ResourceDemand resource) {
        double inUse = LittlesLaw.inUse(rate, resource.holdMillis());
        boolean cores = ResourceDemand.CORES.equals(resource.kind());
        int size = cores ? (int) Math.ceil(inUse) : LittlesLaw.membersFor(inUse);
        if (resource.holdMillisInterval() == null) {
            return new CapacityProjection.SizeForRate(resource.name(), inUse, size, resource.property());
        }
        Interval inUseInterval = resource.holdMillisInterval().times(rate / 1000);
        int most = cores ? (int) Math.ceil(inUseInterval.high()) : LittlesLaw.membersFor(inUseInterval.high());
        return new CapacityProjection.SizeForRate(
                resource.name(), inUse, size, resource.property(), inUseInterval, Math.max(size, most));
    }

    /**
     * What the model predicts this machine would serve at its heaviest step with one pool resized: the least any
     * resource then allows, pools with a member for every user left out as ever.
     *
     * @param users the heaviest step's users; {@link Integer#MAX_VALUE} for an open step
     */
    public static Saturation resized(ServiceCapacity model, String pool, int size, int users) {
        List<ResourceDemand> resources = model.resources().stream()
                .map(resource -> resource.name().equals(pool) ? resource.resized(size) : resource)
                .toList();
        return Saturation.of(resources, users);
    }

    /**
     * The resources this machine would have with every process free to run on all {@code cores}, by the model: each
     * request costs the cores what every process spent on it in the model's run (the application's and the lab's
     * together), and each pool allows its size over its hold; the load itself is left out. The falsifiable half of a
     * projection: a model made with the application held to some cores, checked on all of them.
     */
    public static List<ResourceDemand> onCores(ServiceCapacity model, int cores) {
        double cpu = model.resources().stream()
                .filter(resource -> ResourceDemand.CORES.equals(resource.kind()))
                .mapToDouble(ResourceDemand::holdMillis)
                .sum();
        List<ResourceDemand> resources = new ArrayList<>();
        if (cpu > 0) {
            resources.add(new ResourceDemand(
                    ResourceDemand.CORES, ResourceDemand.CORES, cores, cpu, cores * 1000 / cpu, null));
        }
        model.resources().stream()
                .filter(resource -> ResourceDemand.POOL.equals(resource.kind()))
                .forEach(resources::add);
        return resources;
    }

    /**
     * The size the model asks of the pool that is its limit: for what the service reaches once that pool no longer
     * stops it (the next least any other resource allows), by Little's law.
     */
    public static Optional<Integer> sizeToLift(ServiceCapacity model, int users) {
        Optional<ResourceDemand> limit =
                model.resource(model.limit()).filter(resource -> ResourceDemand.POOL.equals(resource.kind()));
        if (limit.isEmpty()) {
            return Optional.empty();
        }
        List<ResourceDemand> others = model.resources().stream()
                .filter(resource -> !resource.name().equals(limit.get().name()))
                .toList();
        if (others.isEmpty()) {
            return Optional.empty();
        }
        double reached = Saturation.of(others, users).limit().allowsPerSecond();
        return Optional.of(
                LittlesLaw.membersFor(LittlesLaw.inUse(reached, limit.get().holdMillis())));
    }
}
