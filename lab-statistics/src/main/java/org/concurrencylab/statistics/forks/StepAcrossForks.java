package org.concurrencylab.statistics.forks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.concurrencylab.results.interval.Interval;
import org.concurrencylab.results.step.Arrivals;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.RequestShare;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.step.TimelinePoint;
import org.concurrencylab.statistics.ForkSample;

/**
 * One step of a variant's forks, together: the forks' steps as if run one after the other. A count (requests,
 * CPU seconds, the step's time) is their sum; a level (throughput, latency, a pool's occupancy, a share of the
 * cores) their mean, the figures this lab reports with an interval (throughput, latency's mean and percentiles,
 * c) with their interval over the forks beside it; the longest latency the longest of any. What only one run can
 * show (its timeline, its request log, its threads' samples) stays with each fork: the step's timeline is empty.
 */
final class StepAcrossForks {

    private StepAcrossForks() {}

    static StepResult of(List<StepResult> forks, double level) {
        if (forks.size() == 1) {
            return forks.getFirst();
        }
        StepResult first = forks.getFirst();
        ForkSample throughput = sample(forks, step -> step.client().throughputPerSecond());
        StepResult.Builder combined = StepResult.from(first)
                .client(
                        requests(forks),
                        throughput.mean(),
                        latency(forks, level),
                        sum(forks, step -> step.client().elapsedSeconds()),
                        mean(forks, step -> step.client().meanInFlight()))
                .acrossForks(throughput.interval(level).orElseThrow(), spreadWithinForks(forks))
                .arrivals(arrivals(forks))
                .timeline(
                        first.client().timeline() == null
                                ? null
                                : new Timeline(first.client().timeline().binMillis(), List.of()))
                .requestLog(null)
                .byRequest(byRequest(forks))
                .littlesLaw(
                        mean(forks, step -> step.bound().littlesLawPerSecond()),
                        first.bound().littlesLawModel(),
                        mean(forks, step -> step.bound().machineLittlesLawPerSecond()));
        UsageAcrossForks.service(forks, combined);
        combined.machine(UsageAcrossForks.machine(forks, level));
        return combined.build();
    }

    private static Requests requests(List<StepResult> forks) {
        Map<String, Long> byKind = new TreeMap<>();
        forks.forEach(step ->
                step.client().requests().failedByKind().forEach((kind, count) -> byKind.merge(kind, count, Long::sum)));
        return new Requests(
                forks.stream()
                        .mapToLong(step -> step.client().requests().sent())
                        .sum(),
                forks.stream().mapToLong(step -> step.client().requests().ok()).sum(),
                forks.stream()
                        .mapToLong(step -> step.client().requests().failed())
                        .sum(),
                byKind);
    }

    private static LatencyMillis latency(List<StepResult> forks, double level) {
        ForkSample mean = sample(forks, step -> step.client().latencyMillis().mean());
        ForkSample p50 = sample(forks, step -> step.client().latencyMillis().p50());
        ForkSample p90 = sample(forks, step -> step.client().latencyMillis().p90());
        ForkSample p95 = sample(forks, step -> step.client().latencyMillis().p95());
        ForkSample p99 = sample(forks, step -> step.client().latencyMillis().p99());
        return new LatencyMillis(
                mean.mean(),
                p50.mean(),
                p90.mean(),
                p95.mean(),
                p99.mean(),
                forks.stream()
                        .mapToDouble(step -> step.client().latencyMillis().max())
                        .max()
                        .orElseThrow(),
                interval(mean, level),
                interval(p50, level),
                interval(p90, level),
                interval(p95, level),
                interval(p99, level));
    }

    /**
     * How far a fork's throughput moved from one whole second to the next, over its mean, pooled over the forks (the
     * root of the mean of their squares); empty where no fork has two whole seconds in its timeline. A step's last
     * bin, cut short by its end, is left out.
     */
    static OptionalDouble spreadWithinForks(List<StepResult> forks) {
        List<Double> squares = new ArrayList<>();
        for (StepResult step : forks) {
            Timeline timeline = step.client().timeline();
            if (timeline == null || timeline.points().size() < 3) {
                continue;
            }
            List<TimelinePoint> whole =
                    timeline.points().subList(0, timeline.points().size() - 1);
            ForkSample seconds = ForkSample.of(
                    whole.stream().map(point -> (double) point.completed()).toList());
            if (seconds.mean() > 0) {
                double spread = seconds.standardDeviation() / seconds.mean();
                squares.add(spread * spread);
            }
        }
        return squares.isEmpty()
                ? OptionalDouble.empty()
                : OptionalDouble.of(Math.sqrt(squares.stream()
                        .mapToDouble(Double::doubleValue)
                        .average()
                        .orElseThrow()));
    }

    private static Arrivals arrivals(List<StepResult> forks) {
        if (forks.stream().anyMatch(step -> step.client().arrivals() == null)) {
            return null;
        }
        return new Arrivals(
                mean(forks, step -> step.client().arrivals().scheduledPerSecond()),
                mean(forks, step -> step.client().arrivals().achievedPerSecond()),
                mean(forks, step -> step.client().arrivals().latenessMillisP50()),
                mean(forks, step -> step.client().arrivals().latenessMillisP99()),
                forks.stream()
                        .mapToDouble(step -> step.client().arrivals().latenessMillisMax())
                        .max()
                        .orElseThrow(),
                forks.stream()
                        .mapToLong(step -> step.client().arrivals().notSent())
                        .sum());
    }

    /** Each request of a mix over the forks: its counts summed, its latency the mean of the forks' that answered it. */
    private static List<RequestShare> byRequest(List<StepResult> forks) {
        Map<String, List<RequestShare>> byRequest = new LinkedHashMap<>();
        forks.forEach(step -> step.client()
                .byRequest()
                .forEach(share -> byRequest
                        .computeIfAbsent(share.request(), request -> new ArrayList<>())
                        .add(share)));
        List<RequestShare> combined = new ArrayList<>();
        byRequest.forEach((request, shares) -> {
            OptionalDouble meanMillis = shares.stream()
                    .filter(share -> share.meanMillis() != null)
                    .mapToDouble(RequestShare::meanMillis)
                    .average();
            OptionalDouble p95Millis = shares.stream()
                    .filter(share -> share.p95Millis() != null)
                    .mapToDouble(RequestShare::p95Millis)
                    .average();
            combined.add(new RequestShare(
                    request,
                    shares.getFirst().weight(),
                    shares.stream().mapToLong(RequestShare::sent).sum(),
                    shares.stream().mapToLong(RequestShare::failed).sum(),
                    meanMillis.isPresent() ? meanMillis.getAsDouble() : null,
                    p95Millis.isPresent() ? p95Millis.getAsDouble() : null));
        });
        return combined;
    }

    static ForkSample sample(List<StepResult> forks, ToDoubleFunction<StepResult> figure) {
        return ForkSample.of(forks.stream().mapToDouble(figure).toArray());
    }

    static Interval interval(ForkSample sample, double level) {
        return sample.interval(level).orElse(null);
    }

    static double mean(List<StepResult> forks, ToDoubleFunction<StepResult> figure) {
        return forks.stream().mapToDouble(figure).average().orElseThrow();
    }

    static double sum(List<StepResult> forks, ToDoubleFunction<StepResult> figure) {
        return forks.stream().mapToDouble(figure).sum();
    }
}
