package org.concurrencylab.catalog;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.usage.ProcessUsage;

/** What the claims' edge tests share: one claim of an experiment judged on hand-made measurements. */
public final class Judge {

    private Judge() {}

    /** The verdict of the claim {@code id} of {@code experiment} on {@code measurements}. */
    public static ClaimResult claim(Experiment experiment, String id, Measurements measurements) {
        return experiment.claims().stream()
                .filter(claim -> claim.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new AssertionError(experiment.name() + " has no claim " + id))
                .evaluate(measurements);
    }

    /**
     * An open load's step of {@code experiment} as the lab measures it (at S = 1), every request sent on
     * schedule, {@code failed} of them timed out and the rest answered with this mean and p95; the caller adds
     * the probe's figures it needs.
     */
    public static StepResult.Builder openStep(
            Experiment experiment, LoadStep.Open step, double meanMillis, double p95Millis, long failed) {
        long requests = step.totalRequests();
        double seconds = step.duration().toNanos() / 1e9;
        return StepResult.custom(step.label())
                .plan(new Scaled(1).plan(step, experiment.requestTimeout(), experiment.connections()))
                .client(
                        new Requests(
                                requests,
                                requests - failed,
                                failed,
                                failed == 0 ? Map.of() : Map.of("TIMEOUT", failed)),
                        requests / seconds,
                        new LatencyMillis(meanMillis, meanMillis, p95Millis, p95Millis, p95Millis, p95Millis),
                        seconds,
                        requests / seconds * meanMillis / 1e3)
                .littlesLaw(requests / seconds, "measured", requests / seconds)
                .timeline(new Timeline(1000, List.of()));
    }

    /**
     * A closed load's step of {@code experiment} as the lab measures it (at S = 1): every request answered,
     * {@code perD} of them per D, each in {@code meanInD} D; the caller adds the probe's figures it needs.
     */
    public static StepResult.Builder closedStep(
            Experiment experiment, LoadStep.Closed step, double perD, double meanInD) {
        long requests = step.totalRequests();
        double d = experiment.downstreamLatency().toNanos() / 1e9;
        double perSecond = perD / d;
        double seconds = requests / perSecond;
        double mean = meanInD * d * 1e3;
        return StepResult.custom(step.label())
                .plan(new Scaled(1).plan(step, experiment.requestTimeout(), experiment.connections()))
                .client(
                        new Requests(requests, requests, 0, Map.of()),
                        perSecond,
                        new LatencyMillis(mean, mean, mean, mean, mean, mean),
                        seconds,
                        perSecond * mean / 1e3)
                .littlesLaw(step.users() / d, "measured", step.users() / d)
                .timeline(new Timeline(1000, List.of()));
    }

    /** A variant of the article's that ran these steps on 8 CPUs. */
    public static VariantResult variant(String name, StepResult... steps) {
        return VariantResult.custom(name)
                .origin("seed")
                .cpus(8)
                .steps(List.of(steps))
                .build();
    }

    /** A service process that used {@code cpuSeconds} and switched as given, its timers counting {@code requests}. */
    public static ProcessUsage process(
            double cpuSeconds, OptionalLong voluntary, OptionalLong involuntary, long requests) {
        return ProcessUsage.custom()
                .cpuSeconds(cpuSeconds)
                .heapPeakBytes(1 << 28)
                .voluntaryContextSwitches(voluntary)
                .involuntaryContextSwitches(involuntary)
                .jitCpuSeconds(OptionalDouble.of(0))
                .serverRequests(requests)
                .serverMeanMillis(1)
                .build();
    }
}
