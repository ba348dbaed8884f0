package org.concurrencylab.catalog.servletasync;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
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
 * alive on average are "as needed", 31 are not, and a pool grown to its limit at its peak is not. The article's
 * own figures (about 25 alive, 125 at the peak, of 1,000 allowed, for 20 in flight) reproduce it.
 */
class ServletAsyncWorkersEdgeTest {

    private static final Experiment SERVLET_ASYNC =
            Catalog.experiment("servlet-async").orElseThrow();

    @Test
    void aboutAsManyWorkersAsRequestsInFlightReproduceIt() {
        ClaimResult claim = verdict(30, 30, 39);
        assertThat(claim.status()).isEqualTo("reproduced");
        assertThat(claim.evidence())
                .startsWith(
                        "30.0 Tomcat workers alive on average, 30 at most, of the 39 allowed, for 20.0 requests in flight")
                .contains("30 after the load");
    }

    @Test
    void moreThanHalfAgainOnAverageOrTheLimitAtThePeakDoNot() {
        assertThat(verdict(31, 31, 39).status()).isEqualTo("not reproduced");
        assertThat(verdict(25, 39, 39).status()).isEqualTo("not reproduced");
    }

    @Test
    void theArticlesOwnFiguresReproduceIt() {
        ClaimResult claim = verdict(25, 125, 1_000);
        assertThat(claim.status()).isEqualTo("reproduced");
        assertThat(claim.evidence())
                .startsWith("25.0 Tomcat workers alive on average, 125 at most, of the 1000 allowed");
    }

    /**
     * A step of 20 requests in flight whose Tomcat pool, allowed {@code limit} workers, reached {@code peak} once
     * and otherwise held as many as make {@code meanAlive} over 101 samples.
     */
    private static ClaimResult verdict(int meanAlive, int peak, int limit) {
        long requests = ServletAsyncExperiment.LOAD.totalRequests();
        double seconds = 60;
        int samples = 101;
        int others = (meanAlive * samples - peak) / (samples - 1);
        List<ThreadSample> during = new ArrayList<>();
        during.add(sample(peak));
        for (int i = 1; i < samples; i++) {
            during.add(sample(others));
        }
        ThreadSample rest = sample(peak);
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
                .threads(new Threads(20 + peak, Map.of("tomcat-workers", peak), during, 0, Map.of(), rest, rest))
                .build();
        VariantResult blocking39 = VariantResult.custom(ServletAsyncExperiment.BLOCKING_39)
                .origin("seed")
                .cpus(8)
                .sizing(Map.of("tomcatMaxThreads", limit))
                .steps(List.of(step))
                .build();
        Measurements measurements =
                Measurements.of(SERVLET_ASYNC, List.of(blocking39), SERVLET_ASYNC.downstreamLatency(), 2);
        return Judge.claim(SERVLET_ASYNC, "tomcat-makes-workers-as-needed", measurements);
    }

    private static ThreadSample sample(int workers) {
        return new ThreadSample(0, 20 + workers, Map.of("tomcat-workers", workers), Map.of(), OptionalLong.empty(), 0);
    }
}
