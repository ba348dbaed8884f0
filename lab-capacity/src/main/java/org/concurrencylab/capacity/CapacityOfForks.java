package org.concurrencylab.capacity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.capacity.DownstreamDemand;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.capacity.ServiceCapacity;
import org.concurrencylab.results.interval.Interval;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.statistics.ForkSample;

/**
 * A variant's capacity model from its forks: each fork's own model ({@link ServiceCapacityModel}, from its own
 * steps, R0 and CPU), and the model they make together, each figure the mean of theirs with its interval over them
 * (a hold, what a resource allows, c, the throughput). Its limit is decided by {@link Saturation}: the resource
 * allowing the least, and beside it those the forks cannot tell apart from it, fork by fork. A prediction of the model (a pool resized,
 * every core given to the application) is each fork's model's prediction, combined as its resources are.
 *
 * @param model the model of the forks together
 * @param forks each fork's own model, in the order they ran; one where the variant ran once
 * @param level the confidence level of the intervals
 */
public record CapacityOfForks(ServiceCapacity model, List<ServiceCapacity> forks, double level) {

    public CapacityOfForks {
        forks = List.copyOf(forks);
    }

    /**
     * The model of a variant as its forks measured it; none where no fork served anything.
     *
     * @param applicationCores the cores an affinity mask held the application to; 0 where it ran on every core
     */
    public static Optional<CapacityOfForks> of(VariantResult variant, int applicationCores, double level) {
        List<ServiceCapacity> forks = variant.runs().stream()
                .filter(VariantResult::ok)
                .map(run -> ServiceCapacityModel.of(variant.name(), run.steps(), applicationCores))
                .flatMap(Optional::stream)
                .toList();
        if (forks.isEmpty()) {
            return Optional.empty();
        }
        if (forks.size() == 1) {
            return Optional.of(new CapacityOfForks(forks.getFirst(), forks, level));
        }
        return Optional.of(new CapacityOfForks(together(variant, forks, level), forks, level));
    }

    private static ServiceCapacity together(VariantResult variant, List<ServiceCapacity> forks, double level) {
        ServiceCapacity first = forks.getFirst();
        StepResult heaviest = variant.steps().getLast();
        List<List<ResourceDemand>> each =
                forks.stream().map(ServiceCapacity::resources).toList();
        List<ResourceDemand> resources = resources(each, level);
        Saturation saturation = Saturation.ofForks(each, resources, heaviest.usersAtOnce(), level);
        ForkSample throughput = sample(forks, ServiceCapacity::throughputPerSecond);
        ResourceDemand limit = saturation.limit();
        double explained = throughput.mean() / limit.allowsPerSecond();
        Interval served = throughput.interval(level).orElseThrow();
        // a shortfall is the model's only where the forks tell it apart: what the step served, at its interval's
        // high end, stays below the share of what the limit allows at the low end of its own
        double allowsLow = Saturation.low(limit);
        Optional<String> shortfall = served.high() < ServiceCapacityModel.explainedAtLeast(limit) * allowsLow
                ? ServiceCapacityModel.shortfall(heaviest, explained, limit)
                : Optional.empty();
        boolean cpuInAll =
                forks.stream().allMatch(model -> model.serviceCpuMillis().isPresent());
        ForkSample cpu =
                cpuInAll ? sample(forks, model -> model.serviceCpuMillis().getAsDouble()) : null;
        return ServiceCapacity.custom(variant.name())
                .holdsFrom(first.holdsFrom())
                .decidedAt(first.decidedAt(), throughput.mean())
                .serviceCpuMillis(cpu == null ? OptionalDouble.empty() : OptionalDouble.of(cpu.mean()))
                .resources(resources)
                .limit(limit.name(), explained)
                .notModelled(ServiceCapacityModel.notModelled(heaviest, shortfall))
                .downstreams(downstreams(forks))
                .acrossForks(
                        forks.size(),
                        served,
                        cpu == null ? null : atLeastNone(cpu.interval(level).orElseThrow()),
                        saturation.notToldApart())
                .build();
    }

    /**
     * Each resource every fork's model has, in the first's order: its size the first's, its hold and its hand-over the
     * forks' means, the hold with its interval; what it allows is its size over that hold, and its interval the same of
     * the hold's two ends. The interval is taken where the forks measured something (a hold, a CPU time, a cycle) and
     * carried through: a t-interval of size / hold itself, over a few forks of a noisy hold, reaches below zero, and
     * would put a resource that allows thousands a second beside one that allows a hundred.
     */
    static List<ResourceDemand> resources(List<List<ResourceDemand>> forks, double level) {
        List<ResourceDemand> together = new ArrayList<>();
        for (ResourceDemand first : forks.getFirst()) {
            List<ResourceDemand> same = new ArrayList<>();
            for (List<ResourceDemand> fork : forks) {
                fork.stream()
                        .filter(resource -> resource.name().equals(first.name()))
                        .findFirst()
                        .ifPresent(same::add);
            }
            if (same.size() < forks.size()) {
                continue;
            }
            double handOver = same.stream()
                    .mapToDouble(ResourceDemand::handOverMillis)
                    .average()
                    .orElseThrow();
            if (ResourceDemand.ARRIVALS.equals(first.kind()) || first.holdMillis() <= 0) {
                together.add(first);
                continue;
            }
            ForkSample hold =
                    ForkSample.of(same.stream().map(ResourceDemand::holdMillis).toList());
            Interval holdInterval =
                    hold.interval(level).map(CapacityOfForks::atLeastNone).orElse(null);
            together.add(new ResourceDemand(
                    first.name(),
                    first.kind(),
                    first.size(),
                    hold.mean(),
                    first.size() * 1000 / hold.mean(),
                    first.property(),
                    handOver,
                    holdInterval,
                    holdInterval == null
                            ? null
                            : holdInterval.reciprocal(first.size() * 1000).orElse(null)));
        }
        return together;
    }

    /**
     * An interval of a figure that cannot be negative (a hold, a rate), cut at zero: forks spread widely about a small
     * mean give a t-interval reaching below it, and what a resource allows is never less than nothing.
     */
    static Interval atLeastNone(Interval interval) {
        return interval.low() >= 0
                ? interval
                : new Interval(0, Math.max(0, interval.high()), interval.level(), interval.forks());
    }

    /**
     * The model's throughput at its heaviest step with one pool resized: what the pool allows, and its interval,
     * scale with its size; the least of the resources then, the others not told apart from it.
     */
    public Saturation resized(String pool, int size, int users) {
        return CapacityProjector.resized(model, pool, size, users);
    }

    /** What this machine would allow on all {@code cores}, as each fork's model (made on fewer) predicts it. */
    public Saturation onCores(int cores) {
        List<List<ResourceDemand>> each = forks.stream()
                .map(fork -> CapacityProjector.onCores(fork, cores))
                .toList();
        return forks.size() == 1
                ? Saturation.of(each.getFirst(), Integer.MAX_VALUE)
                : Saturation.ofForks(each, resources(each, level), Integer.MAX_VALUE, level);
    }

    private static List<DownstreamDemand> downstreams(List<ServiceCapacity> forks) {
        Map<String, List<DownstreamDemand>> byName = forks.stream()
                .flatMap(model -> model.downstreams().stream())
                .collect(Collectors.groupingBy(DownstreamDemand::name, LinkedHashMap::new, Collectors.toList()));
        List<DownstreamDemand> together = new ArrayList<>();
        byName.forEach((name, each) -> together.add(new DownstreamDemand(
                name, mean(each, DownstreamDemand::callsPerRequest), mean(each, DownstreamDemand::meanMillis))));
        return together;
    }

    private static <T> double mean(List<T> values, ToDoubleFunction<T> figure) {
        return values.stream().mapToDouble(figure).average().orElseThrow();
    }

    private static ForkSample sample(List<ServiceCapacity> forks, ToDoubleFunction<ServiceCapacity> figure) {
        return ForkSample.of(forks.stream().mapToDouble(figure).toArray());
    }
}
