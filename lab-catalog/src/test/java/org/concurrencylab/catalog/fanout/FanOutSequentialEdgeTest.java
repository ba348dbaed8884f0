package org.concurrencylab.catalog.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Judge;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.junit.jupiter.api.Test;

/**
 * {@code sequential-holds-under-load} at its edge: the article's own p95 (709 ms = 2.36 D) holds, and so does
 * a run a little slower within the run-to-run noise; a p95 beyond that does not.
 */
class FanOutSequentialEdgeTest {

    private static final Experiment FAN_OUT = Catalog.experiment("fan-out").orElseThrow();
    private static final double D = FAN_OUT.downstreamLatency().toNanos() / 1e6;

    @Test
    void theArticlesOwnFigureHoldsAndOneBeyondTheNoiseDoesNot() {
        assertThat(verdictAtP95(709)).as("the article's 709 ms").isEqualTo("reproduced");
        assertThat(verdictAtP95(FanOutThresholds.SEQUENTIAL_P95_AT_MOST_D * D - 1))
                .as("just inside")
                .isEqualTo("reproduced");
        assertThat(verdictAtP95(FanOutThresholds.SEQUENTIAL_P95_AT_MOST_D * D + 1))
                .as("just outside")
                .isEqualTo("not reproduced");
    }

    private static String verdictAtP95(double p95Millis) {
        LoadStep.Open step = FanOutExperiment.UNDER_LOAD;
        double seconds = step.duration().toNanos() / 1e9;
        long requests = step.totalRequests();
        StepResult measured = StepResult.custom(step.label())
                .plan(new Scaled(1).plan(step, FAN_OUT.requestTimeout(), FAN_OUT.connections()))
                .client(
                        new Requests(requests, requests, 0, Map.of()),
                        requests / seconds,
                        new LatencyMillis(2 * D, 2 * D, 2 * D, p95Millis, p95Millis, p95Millis),
                        seconds,
                        requests / seconds * 2 * D / 1e3)
                .littlesLaw(requests / seconds, "imported", requests / seconds)
                .timeline(new Timeline(1000, List.of()))
                .build();
        VariantResult sequential = Judge.variant("sequential", measured);
        Measurements measurements = Measurements.of(FAN_OUT, List.of(sequential), FAN_OUT.downstreamLatency(), 2);
        return Judge.claim(FAN_OUT, "sequential-holds-under-load", measurements).status();
    }
}
