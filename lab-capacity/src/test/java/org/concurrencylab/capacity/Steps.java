package org.concurrencylab.capacity;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.PoolOccupancy;
import org.concurrencylab.results.usage.ProcessCpu;

/** Steps of a study as the runner writes them, with only what the capacity model reads. */
final class Steps {

    /** R0 of every study here. */
    static double LONE_MILLIS = 1.2;

    private Steps() {}

    /**
     * A closed step of {@code users}, serving {@code perSecond} at {@code meanMillis}, on {@code cores} cores
     * {@code busy} busy, costing {@code driverMillis} and {@code serviceMillis} of CPU a request.
     */
    static StepResult closed(
            int users,
            double perSecond,
            double meanMillis,
            int cores,
            double busy,
            double driverMillis,
            double serviceMillis,
            Map<String, PoolOccupancy> pools) {
        return StepResult.custom(users + "x8s")
                .plan(LoadPlan.held(users, 0, 8, 0, 10_000, "keep-alive"))
                .client(
                        new Requests((long) (perSecond * 8), (long) (perSecond * 8), 0, Map.of()),
                        perSecond,
                        new LatencyMillis(meanMillis, meanMillis, meanMillis, meanMillis, meanMillis, meanMillis),
                        8,
                        perSecond * meanMillis / 1000)
                // the users' own bound at the lone request's time, as the runner writes it
                .littlesLaw(users * 1000 / LONE_MILLIS, "users", users * 1000 / LONE_MILLIS)
                .machine(MachineUsage.custom()
                        .cores(cores)
                        .idleShare(OptionalDouble.of(1 - busy))
                        .processes(List.of(
                                new ProcessCpu(
                                        "driver",
                                        "lab",
                                        OptionalDouble.of(8 * perSecond * driverMillis / 1000),
                                        0,
                                        OptionalDouble.of(driverMillis),
                                        OptionalDouble.empty()),
                                new ProcessCpu(
                                        "service",
                                        "app",
                                        OptionalDouble.of(8 * perSecond * serviceMillis / 1000),
                                        0,
                                        OptionalDouble.of(serviceMillis),
                                        OptionalDouble.empty())))
                        .cpuMillisPerRequest(driverMillis + serviceMillis)
                        .cpuBoundModel("")
                        .machineShare(0)
                        .verdict(MachineUsage.CLEAN)
                        .build())
                .pools(pools)
                .build();
    }

    /** A pool of {@code max} threads, {@code meanBusy} taken on average, full in {@code fullShare} of the samples. */
    static PoolOccupancy threads(int max, double meanBusy, double fullShare) {
        return new PoolOccupancy("threads", max, meanBusy, (int) Math.ceil(meanBusy), fullShare, null, 80);
    }

    /** A pool of {@code max} connections with callers waiting. */
    static PoolOccupancy connections(int max, double meanBusy, double fullShare, double waiting) {
        return new PoolOccupancy("connections", max, meanBusy, (int) Math.ceil(meanBusy), fullShare, waiting, 80);
    }
}
