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
import org.concurrencylab.results.usage.ThreadSample;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

/**
 * {@code tomcat-makes-workers-as-needed} at its edge: 20 requests/s of 1 s hold 20 at once, so up to 30 workers
 * of 39 allowed are "as needed", 31 are not, and a pool grown to its limit is not.
 */
class ServletAsyncWorkersEdgeTest {

    private static final Experiment SERVLET_ASYNC =
            Catalog.experiment("servlet-async").orElseThrow();

    @Test
    void aboutAsManyWorkersAsRequestsInFlightReproduceIt() {
        ClaimResult claim = verdict(30);
        assertThat(claim.status()).isEqualTo("reproduced");
        assertThat(claim.evidence())
                .startsWith("30 Tomcat workers at most of the 39 allowed, for 20.0 requests in flight")
                .contains("30 after the load");
    }

    @Test
    void moreThanHalfAgainOrTheLimitDoNot() {
        assertThat(verdict(31).status()).isEqualTo("not reproduced");
        assertThat(verdict(39).status()).isEqualTo("not reproduced");
    }

    private static ClaimResult verdict(int workers) {
        long requests = ServletAsyncExperiment.LOAD.totalRequests();
        double seconds = 60;
        ThreadSample rest =
                new ThreadSample(0, 20 + workers, Map.of("tomcat-workers", workers), Map.of(), OptionalLong.empty(), 0);
        StepResult step = StepResult.custom(ServletAsyncExperiment.LOAD.label())
                .plan(new Scaled(1)
                        .plan(ServletAsyncExperiment.LOAD, SERVLET_ASYNC.requestTimeout(), SERVLET_ASYNC.connections()))
                .client(
                        new Requests(requests, requests, 0, Map.of()),
                        requests / seconds,
                        new LatencyMillis(1000, 1000, 1000, 1000, 1000, 1000),
                        seconds,
                        20)
                .littlesLaw(20, "measured", 20)
                .timeline(new Timeline(1000, List.of()))
                .threads(new Threads(
                        20 + workers, Map.of("tomcat-workers", workers), List.of(), 0, Map.of(), rest, rest))
                .build();
        VariantResult blocking39 = VariantResult.custom(ServletAsyncExperiment.BLOCKING_39)
                .origin("seed")
                .cpus(8)
                .sizing(Map.of("tomcatMaxThreads", 39))
                .steps(List.of(step))
                .build();
        Measurements measurements =
                Measurements.of(SERVLET_ASYNC, List.of(blocking39), SERVLET_ASYNC.downstreamLatency(), 2);
        return Judge.claim(SERVLET_ASYNC, "tomcat-makes-workers-as-needed", measurements);
    }
}
