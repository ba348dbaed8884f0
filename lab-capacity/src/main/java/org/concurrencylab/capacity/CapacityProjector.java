package org.concurrencylab.capacity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.concurrencylab.results.capacity.CapacityProjection;
import org.concurrencylab.results.capacity.CapacityTarget;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.capacity.ServiceCapacity;

/**
 * Carries a {@link ServiceCapacity} onto a {@link CapacityTarget}: the target's cores, each as fast as this
 * machine's, spend the service's own CPU per request (the lab's load driver stays behind); every pool keeps its
 * size and its hold; the target's rate, if named, is the load. What cannot be carried (a lock, a shortfall the
 * model does not explain) is said instead of extrapolated.
 */
public final class CapacityProjector {

    private CapacityProjector() {}

    public static CapacityProjection onto(ServiceCapacity model, CapacityTarget target) {
        List<ResourceDemand> there = new ArrayList<>();
        String notProjected = model.notModelled();
        if (model.serviceCpuMillis().isPresent()) {
            double cpuMillis = model.serviceCpuMillis().getAsDouble();
            there.add(new ResourceDemand(
                    ResourceDemand.CORES,
                    ResourceDemand.CORES,
                    target.cpus(),
                    cpuMillis,
                    target.cpus() * 1000 / cpuMillis,
                    null));
        } else if (notProjected == null) {
            notProjected = "the service's CPU per request was not measured";
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
        Optional<ResourceDemand> limit = notProjected != null || there.isEmpty()
                ? Optional.empty()
                : there.stream()
                        .min(Comparator.comparingDouble(ResourceDemand::allowsPerSecond)
                                .thenComparing(resource -> !resource.isLoad()));
        List<CapacityProjection.SizeForRate> sizes = new ArrayList<>();
        if (target.ratePerSecond() != null) {
            for (ResourceDemand resource : there) {
                if (resource.isLoad()) {
                    continue;
                }
                double inUse = LittlesLaw.inUse(target.ratePerSecond(), resource.holdMillis());
                sizes.add(new CapacityProjection.SizeForRate(
                        resource.name(),
                        inUse,
                        ResourceDemand.CORES.equals(resource.kind())
                                ? (int) Math.ceil(inUse)
                                : LittlesLaw.membersFor(inUse),
                        resource.property()));
            }
        }
        return new CapacityProjection(
                target,
                there,
                limit.map(ResourceDemand::allowsPerSecond).orElse(null),
                limit.map(ResourceDemand::name).orElse(null),
                sizes,
                notProjected);
    }

    /**
     * What the model predicts this machine would serve at its heaviest step with one pool resized: the least any
     * resource then allows, pools with a member for every user left out as ever.
     *
     * @param users the heaviest step's users; {@link Integer#MAX_VALUE} for an open step
     */
    public static ResourceDemand resized(ServiceCapacity model, String pool, int size, int users) {
        List<ResourceDemand> resources = model.resources().stream()
                .map(resource -> resource.name().equals(pool)
                        ? new ResourceDemand(
                                resource.name(),
                                resource.kind(),
                                size,
                                resource.holdMillis(),
                                size * 1000 / resource.holdMillis(),
                                resource.property())
                        : resource)
                .toList();
        return ServiceCapacityModel.limit(resources, users);
    }

    /**
     * The most this machine would serve with every process free to run on all {@code cores}, by the model: each
     * request costs the cores what every process spent on it in the model's run (the application's and the lab's
     * together), and each pool allows its size over its hold; the load itself is left out. The falsifiable half of a
     * projection: a model made with the application held to some cores, checked on all of them.
     */
    public static ResourceDemand onCores(ServiceCapacity model, int cores) {
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
        return ServiceCapacityModel.limit(resources, Integer.MAX_VALUE);
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
        double reached = ServiceCapacityModel.limit(others, users).allowsPerSecond();
        return Optional.of(
                LittlesLaw.membersFor(LittlesLaw.inUse(reached, limit.get().holdMillis())));
    }
}
