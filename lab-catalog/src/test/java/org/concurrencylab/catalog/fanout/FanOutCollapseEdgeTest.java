package org.concurrencylab.catalog.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Judge;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.catalog.model.GrowingQueue;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.step.TimelinePoint;
import org.junit.jupiter.api.Test;

/**
 * {@code common-pool-collapses} at its edge: a p95 within 10 % of the queue that grows all run (from the run's
 * arrivals and the pool's rate) reproduces it, one just beyond does not, and a pool that keeps up with the
 * arrivals has not collapsed whatever its p95.
 */
class FanOutCollapseEdgeTest {

    private static final Experiment FAN_OUT = Catalog.experiment("fan-out").orElseThrow();
    private static final long REQUESTS = FanOutExperiment.UNDER_LOAD.totalRequests();
    private static final double LONE_MILLIS = 320;
    private static final double SERVED = 10.5;
    private static final GrowingQueue QUEUE = new GrowingQueue(20, 60, SERVED, LONE_MILLIS);

    @Test
    void aP95WithinTheToleranceOfTheGrowingQueueReproducesIt() {
        double inside = QUEUE.percentileMillis(FanOutThresholds.P95) * (1 + FanOutThresholds.QUEUE_P95_WITHIN - 0.001);
        ClaimResult claim = verdict(inside, SERVED);
        assertThat(claim.status()).isEqualTo("reproduced");
        assertThat(claim.evidence()).contains("10.5/s served of 20.0/s arriving", "(the article: x72.5");
        double below = QUEUE.percentileMillis(FanOutThresholds.P95) * (1 - FanOutThresholds.QUEUE_P95_WITHIN + 0.001);
        assertThat(verdict(below, SERVED).status()).isEqualTo("reproduced");
    }

    @Test
    void aP95BeyondTheToleranceDoesNot() {
        double outside = QUEUE.percentileMillis(FanOutThresholds.P95) * (1 + FanOutThresholds.QUEUE_P95_WITHIN + 0.001);
        assertThat(verdict(outside, SERVED).status()).isEqualTo("not reproduced");
    }

    @Test
    void aPoolThatKeepsUpHasNotCollapsed() {
        assertThat(verdict(LONE_MILLIS, 20).status()).isEqualTo("not reproduced");
    }

    private static ClaimResult verdict(double poolP95Millis, double servedPerSecond) {
        StepResult loaded = step(
                FanOutExperiment.UNDER_LOAD,
                poolP95Millis / 2,
                poolP95Millis,
                REQUESTS / servedPerSecond,
                growingTimeline(poolP95Millis));
        StepResult lone = step(FanOutExperiment.LONE, LONE_MILLIS, LONE_MILLIS, 2, new Timeline(1000, List.of()));
        StepResult sequential = step(FanOutExperiment.UNDER_LOAD, 660, 709, 60, new Timeline(1000, List.of()));
        VariantResult pool = Judge.variant(FanOutExperiment.COMMON_POOL, lone, loaded);
        VariantResult alone = Judge.variant(FanOutExperiment.SEQUENTIAL, sequential);
        Measurements measurements = Measurements.of(FAN_OUT, List.of(pool, alone), FAN_OUT.downstreamLatency(), 2);
        return Judge.claim(FAN_OUT, "common-pool-collapses", measurements);
    }

    /** Twelve bins whose median latency rises from a tenth of the p95 to the p95. */
    private static Timeline growingTimeline(double p95Millis) {
        List<TimelinePoint> points = new ArrayList<>();
        for (int bin = 0; bin < 12; bin++) {
            double p50 = p95Millis * (bin + 1) / 12;
            points.add(TimelinePoint.custom()
                    .atSeconds(5 * bin)
                    .started(100)
                    .completed(100)
                    .failed(0)
                    .latencyMillisP50(p50)
                    .latencyMillisP95(p50)
                    .latencyMillisMax(p50)
                    .build());
        }
        return new Timeline(5000, points);
    }

    private static StepResult step(
            LoadStep step, double meanMillis, double p95Millis, double seconds, Timeline timeline) {
        long requests = step.totalRequests();
        return StepResult.custom(step.label())
                .plan(new Scaled(1).plan(step, FAN_OUT.requestTimeout(), FAN_OUT.connections()))
                .client(
                        new Requests(requests, requests, 0, Map.of()),
                        requests / seconds,
                        new LatencyMillis(meanMillis, meanMillis, p95Millis, p95Millis, p95Millis, p95Millis),
                        seconds,
                        1)
                .littlesLaw(requests / seconds, "measured", requests / seconds)
                .timeline(timeline)
                .process(Judge.process(1, OptionalLong.of(1), OptionalLong.of(1), requests))
                .build();
    }
}
