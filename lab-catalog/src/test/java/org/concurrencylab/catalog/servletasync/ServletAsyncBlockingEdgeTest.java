package org.concurrencylab.catalog.servletasync;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Judge;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.junit.jupiter.api.Test;

/**
 * {@code blocking-10-cannot-keep-up} at its edge: 20 requests/s for 60 s into 10 threads of D = 1 s grow a
 * queue whose p95 is 58 s; a run within 10 % of it with timeouts reproduces the article's, one beyond it or
 * without a timeout does not.
 */
class ServletAsyncBlockingEdgeTest {

    private static final Experiment SERVLET_ASYNC =
            Catalog.experiment("servlet-async").orElseThrow();
    /** 0.95 x 60 s x (20 / 10 - 1) waited, then D. */
    private static final double QUEUE_P95_MILLIS = 58_000;

    @Test
    void aP95NearTheGrowingQueuesWithTimeoutsReproducesIt() {
        ClaimResult claim = verdict(QUEUE_P95_MILLIS * 1.099, 20);
        assertThat(claim.status()).isEqualTo("reproduced");
        assertThat(claim.evidence())
                .contains("10.0/s served of 20.0/s arriving; 20 of 1200 timed out")
                .contains("against 58000 ms for a queue growing all run")
                .contains("(the article: 94.5 %)");
        assertThat(verdict(QUEUE_P95_MILLIS * 0.901, 20).status()).isEqualTo("reproduced");
    }

    @Test
    void aP95BeyondTheToleranceOrNoTimeoutDoesNot() {
        assertThat(verdict(QUEUE_P95_MILLIS * 1.101, 20).status()).isEqualTo("not reproduced");
        assertThat(verdict(QUEUE_P95_MILLIS * 0.899, 20).status()).isEqualTo("not reproduced");
        assertThat(verdict(QUEUE_P95_MILLIS, 0).status()).isEqualTo("not reproduced");
    }

    private static ClaimResult verdict(double p95Millis, long timedOut) {
        long requests = ServletAsyncExperiment.LOAD.totalRequests();
        double elapsed = 120;
        StepResult step = StepResult.custom(ServletAsyncExperiment.LOAD.label())
                .plan(new Scaled(1)
                        .plan(ServletAsyncExperiment.LOAD, SERVLET_ASYNC.requestTimeout(), SERVLET_ASYNC.connections()))
                .client(
                        new Requests(requests, requests - timedOut, timedOut, failures(timedOut)),
                        (requests - timedOut) / elapsed,
                        new LatencyMillis(p95Millis / 2, p95Millis / 2, p95Millis, p95Millis, p95Millis, p95Millis),
                        elapsed,
                        1)
                .littlesLaw(10, "measured", 10)
                .timeline(new Timeline(1000, List.of()))
                .process(Judge.process(1, OptionalLong.of(1), OptionalLong.of(1), requests))
                .build();
        VariantResult blocking = Judge.variant(ServletAsyncExperiment.BLOCKING_10, step);
        Measurements measurements =
                Measurements.of(SERVLET_ASYNC, List.of(blocking), SERVLET_ASYNC.downstreamLatency(), 2);
        return Judge.claim(SERVLET_ASYNC, "blocking-10-cannot-keep-up", measurements);
    }

    private static Map<String, Long> failures(long timedOut) {
        return timedOut == 0 ? Map.of() : Map.of("TIMEOUT", timedOut);
    }
}
