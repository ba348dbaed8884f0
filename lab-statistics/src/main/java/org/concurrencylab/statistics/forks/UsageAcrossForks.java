package org.concurrencylab.statistics.forks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.concurrencylab.results.step.ServiceProfile;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.CoreSpeed;
import org.concurrencylab.results.usage.DatabaseUsage;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.PoolOccupancy;
import org.concurrencylab.results.usage.ProcessCpu;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.Threads;
import org.concurrencylab.statistics.ForkSample;

/**
 * What the services, their pools and the machine did in one step of a variant's forks, together, by the rule of
 * {@link StepAcrossForks}: counts summed, levels averaged. A part some fork did not measure is left out of the
 * whole (null), as a figure of fewer forks would read as one of all of them.
 */
final class UsageAcrossForks {

    private UsageAcrossForks() {}

    static void service(List<StepResult> forks, StepResult.Builder combined) {
        combined.threads(all(forks, step -> step.service().threads()) ? threads(forks) : null)
                .process(all(forks, step -> step.service().process()) ? process(forks) : null)
                .pools(pools(forks))
                .services(List.of())
                .downstream(all(forks, step -> step.service().downstream()) ? downstream(forks) : null)
                .database(all(forks, step -> step.service().database()) ? database(forks) : null)
                .profile(all(forks, step -> step.service().profile()) ? profile(forks) : null);
    }

    /**
     * The machine over the forks' steps: c the mean of the forks', weighted by their requests, with its interval; the
     * step machine-bound where any fork's was, its share the largest, each such fork's reason named.
     */
    static MachineUsage machine(List<StepResult> forks, double level) {
        if (!all(forks, StepResult::machine)) {
            return null;
        }
        List<MachineUsage> machines = forks.stream().map(StepResult::machine).toList();
        MachineUsage first = machines.getFirst();
        List<String> why = new ArrayList<>();
        for (int f = 0; f < forks.size(); f++) {
            if (machines.get(f).machineBound()) {
                why.add("fork " + (f + 1) + ": " + machines.get(f).why());
            }
        }
        ForkSample c = StepAcrossForks.sample(forks, step -> step.machine().cpuMillisPerRequest());
        return MachineUsage.custom()
                .cores(first.cores())
                .idleShare(meanOfAll(machines, MachineUsage::idleShare))
                .processes(processes(forks))
                .cpuMillisPerRequest(
                        weightedByRequests(forks, step -> step.machine().cpuMillisPerRequest()))
                .cpuMillisPerRequestInterval(StepAcrossForks.interval(c, level))
                .cpuBoundPerSecond(meanOfAll(machines, MachineUsage::cpuBoundPerSecond))
                .cpuBoundModel(first.cpuBoundModel())
                .machineShare(machines.stream()
                        .mapToDouble(MachineUsage::machineShare)
                        .max()
                        .orElseThrow())
                .verdict(why.isEmpty() ? MachineUsage.CLEAN : MachineUsage.MACHINE_BOUND)
                .why(String.join("; ", why))
                .coreSpeed(coreSpeed(machines))
                .cpuSecondsEveryStep(meanOfAll(machines, MachineUsage::cpuSecondsEveryStep))
                .build();
    }

    private static Threads threads(List<StepResult> forks) {
        List<Threads> threads =
                forks.stream().map(step -> step.service().threads()).toList();
        Map<String, Integer> peakByPool = new TreeMap<>();
        threads.forEach(each -> each.peakByPool().forEach((pool, peak) -> peakByPool.merge(pool, peak, Math::max)));
        int stackSamples = threads.stream().mapToInt(Threads::stackSamples).sum();
        // each fork's mean over its stack samples, weighted by how many it took
        Map<String, Map<String, Double>> activity = new TreeMap<>();
        for (Threads each : threads) {
            double weight = stackSamples == 0 ? 1.0 / threads.size() : each.stackSamples() / (double) stackSamples;
            each.activityByPool()
                    .forEach((pool, activities) ->
                            activities.forEach((what, mean) -> activity.computeIfAbsent(pool, key -> new TreeMap<>())
                                    .merge(what, weight * mean, Double::sum)));
        }
        return new Threads(
                threads.stream().mapToInt(Threads::peakLive).max().orElseThrow(),
                peakByPool,
                List.of(),
                stackSamples,
                activity);
    }

    private static ProcessUsage process(List<StepResult> forks) {
        List<ProcessUsage> processes =
                forks.stream().map(step -> step.service().process()).toList();
        long serverRequests =
                processes.stream().mapToLong(ProcessUsage::serverRequests).sum();
        return ProcessUsage.custom()
                .cpuSeconds(
                        processes.stream().mapToDouble(ProcessUsage::cpuSeconds).sum())
                .heapPeakBytes(processes.stream()
                        .mapToLong(ProcessUsage::heapPeakBytes)
                        .max()
                        .orElseThrow())
                .voluntaryContextSwitches(sumOfAll(processes, ProcessUsage::voluntaryContextSwitches))
                .involuntaryContextSwitches(sumOfAll(processes, ProcessUsage::involuntaryContextSwitches))
                .jitCpuSeconds(doubleSumOfAll(processes, ProcessUsage::jitCpuSeconds))
                .serverRequests(serverRequests)
                .serverMeanMillis(
                        serverRequests == 0
                                ? 0
                                : processes.stream()
                                                .mapToDouble(p -> p.serverMeanMillis() * p.serverRequests())
                                                .sum()
                                        / serverRequests)
                .virtualThreadPins(sumOfAll(processes, ProcessUsage::virtualThreadPins))
                .build();
    }

    /** Each pool every fork counted: its occupancy the forks' mean, its peak the highest, its samples summed. */
    private static Map<String, PoolOccupancy> pools(List<StepResult> forks) {
        Map<String, PoolOccupancy> combined = new TreeMap<>();
        for (String pool : forks.getFirst().service().pools().keySet()) {
            List<PoolOccupancy> each =
                    forks.stream().map(step -> step.service().pools().get(pool)).toList();
            if (each.stream().anyMatch(Objects::isNull)) {
                continue;
            }
            combined.put(
                    pool,
                    new PoolOccupancy(
                            each.getFirst().kind(),
                            each.stream().mapToInt(PoolOccupancy::max).max().orElseThrow(),
                            each.stream()
                                    .mapToDouble(PoolOccupancy::meanBusy)
                                    .average()
                                    .orElseThrow(),
                            each.stream()
                                    .mapToInt(PoolOccupancy::peakBusy)
                                    .max()
                                    .orElseThrow(),
                            each.stream()
                                    .mapToDouble(PoolOccupancy::fullShare)
                                    .average()
                                    .orElseThrow(),
                            each.stream().anyMatch(occupancy -> occupancy.meanWaiting() == null)
                                    ? null
                                    : each.stream()
                                            .mapToDouble(PoolOccupancy::meanWaiting)
                                            .average()
                                            .orElseThrow(),
                            each.stream().mapToInt(PoolOccupancy::samples).sum()));
        }
        return combined;
    }

    private static DownstreamUsage downstream(List<StepResult> forks) {
        List<DownstreamUsage> each =
                forks.stream().map(step -> step.service().downstream()).toList();
        long requests = each.stream().mapToLong(DownstreamUsage::requests).sum();
        Map<String, List<DownstreamUsage.Held>> holds = new LinkedHashMap<>();
        each.forEach(usage -> usage.holds()
                .forEach((resource, held) -> holds.computeIfAbsent(resource, key -> new ArrayList<>())
                        .add(held)));
        Map<String, DownstreamUsage.Held> combinedHolds = new TreeMap<>();
        holds.forEach((resource, held) -> {
            long count = held.stream().mapToLong(DownstreamUsage.Held::count).sum();
            combinedHolds.put(
                    resource,
                    new DownstreamUsage.Held(
                            count,
                            count == 0
                                    ? 0
                                    : held.stream()
                                                    .mapToDouble(h -> h.meanMillis() * h.count())
                                                    .sum()
                                            / count,
                            meanOfAll(held, DownstreamUsage.Held::aloneMeanMillis)));
        });
        return new DownstreamUsage(
                requests,
                requests == 0
                        ? 0
                        : each.stream()
                                        .mapToDouble(usage -> usage.meanMillis() * usage.requests())
                                        .sum()
                                / requests,
                meanOfAll(each, DownstreamUsage::aloneMeanMillis),
                each.stream().mapToInt(DownstreamUsage::peakLiveThreads).max().orElseThrow(),
                each.stream().mapToDouble(DownstreamUsage::cpuSeconds).sum(),
                combinedHolds);
    }

    private static DatabaseUsage database(List<StepResult> forks) {
        List<DatabaseUsage> each =
                forks.stream().map(step -> step.service().database()).toList();
        return new DatabaseUsage(
                each.stream()
                        .mapToDouble(DatabaseUsage::meanWaitingOnLocks)
                        .average()
                        .orElseThrow(),
                each.stream().mapToInt(DatabaseUsage::peakWaitingOnLocks).max().orElseThrow(),
                each.stream().mapToInt(DatabaseUsage::peakOpenSessions).max().orElseThrow(),
                each.stream()
                        .mapToDouble(DatabaseUsage::commitsPerSecond)
                        .average()
                        .orElseThrow(),
                each.stream().mapToLong(DatabaseUsage::rollbacks).sum(),
                List.of());
    }

    /** The forks' profiles as one: each method's share weighted by the stacks each fork sampled. */
    private static ServiceProfile profile(List<StepResult> forks) {
        List<ServiceProfile> each =
                forks.stream().map(step -> step.service().profile()).toList();
        int stacks = each.stream().mapToInt(ServiceProfile::stacks).sum();
        return new ServiceProfile(
                stacks,
                shares(each, ServiceProfile::shares, stacks),
                shares(each, ServiceProfile::selfShares, stacks),
                each.stream().mapToInt(ServiceProfile::jvmStacks).sum());
    }

    private static Map<String, Double> shares(
            List<ServiceProfile> profiles, Function<ServiceProfile, Map<String, Double>> shares, int stacks) {
        Map<String, Double> combined = new TreeMap<>();
        for (ServiceProfile profile : profiles) {
            double weight = stacks == 0 ? 1.0 / profiles.size() : profile.stacks() / (double) stacks;
            shares.apply(profile).forEach((method, share) -> combined.merge(method, weight * share, Double::sum));
        }
        return combined;
    }

    /** Each process the forks' steps ran, by its role and name: its CPU summed, its background the mean. */
    private static List<ProcessCpu> processes(List<StepResult> forks) {
        Map<String, List<ProcessCpu>> byProcess = forks.stream()
                .flatMap(step -> step.machine().processes().stream())
                .collect(Collectors.groupingBy(
                        process -> process.role() + "\u0000" + process.name(),
                        LinkedHashMap::new,
                        Collectors.toList()));
        List<ProcessCpu> combined = new ArrayList<>();
        byProcess
                .values()
                .forEach(each -> combined.add(new ProcessCpu(
                        each.getFirst().role(),
                        each.getFirst().name(),
                        doubleSumOfAll(each, ProcessCpu::cpuSeconds),
                        each.stream()
                                .mapToDouble(ProcessCpu::backgroundCores)
                                .average()
                                .orElseThrow(),
                        meanOfAll(each, ProcessCpu::cpuMillisPerRequest),
                        doubleSumOfAll(each, ProcessCpu::runQueueWaitSeconds))));
        return combined;
    }

    private static CoreSpeed coreSpeed(List<MachineUsage> machines) {
        List<CoreSpeed> each = machines.stream()
                .map(MachineUsage::coreSpeed)
                .filter(Objects::nonNull)
                .toList();
        if (each.isEmpty()) {
            return null;
        }
        return new CoreSpeed(
                each.stream().mapToDouble(CoreSpeed::cpuNanosPerTerm).average().orElseThrow(),
                each.stream().mapToDouble(CoreSpeed::slowdown).max().orElseThrow(),
                each.stream().mapToLong(CoreSpeed::samples).sum());
    }

    private static double weightedByRequests(List<StepResult> forks, ToDoubleFunction<StepResult> figure) {
        long requests =
                forks.stream().mapToLong(step -> step.client().requests().ok()).sum();
        return requests == 0
                ? StepAcrossForks.mean(forks, figure)
                : forks.stream()
                                .mapToDouble(step -> figure.applyAsDouble(step)
                                        * step.client().requests().ok())
                                .sum()
                        / requests;
    }

    private static <T> boolean all(List<StepResult> forks, Function<StepResult, T> part) {
        return forks.stream().map(part).allMatch(Objects::nonNull);
    }

    private static <T> OptionalDouble meanOfAll(List<T> each, Function<T, OptionalDouble> figure) {
        return each.stream().map(figure).allMatch(OptionalDouble::isPresent)
                ? each.stream()
                        .map(figure)
                        .mapToDouble(OptionalDouble::getAsDouble)
                        .average()
                : OptionalDouble.empty();
    }

    private static <T> OptionalDouble doubleSumOfAll(List<T> each, Function<T, OptionalDouble> figure) {
        return each.stream().map(figure).allMatch(OptionalDouble::isPresent)
                ? OptionalDouble.of(each.stream()
                        .map(figure)
                        .mapToDouble(OptionalDouble::getAsDouble)
                        .sum())
                : OptionalDouble.empty();
    }

    private static <T> OptionalLong sumOfAll(List<T> each, Function<T, OptionalLong> figure) {
        return each.stream().map(figure).allMatch(OptionalLong::isPresent)
                ? OptionalLong.of(each.stream()
                        .map(figure)
                        .mapToLong(OptionalLong::getAsLong)
                        .sum())
                : OptionalLong.empty();
    }
}
