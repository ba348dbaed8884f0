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
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.usage.ThreadSample;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

/**
 * {@code blocking-39-more-threads-at-rest} at the article's difference: 53 against 30 is 23 more live threads,
 * read off a chart within 15 % (20 to 26), at the start and at the end alike.
 */
class ServletAsyncThreadsAtRestEdgeTest {

    private static final Experiment SERVLET_ASYNC =
            Catalog.experiment("servlet-async").orElseThrow();
    private static final int CALLABLE_AT_REST = 30;

    @Test
    void theArticlesDifferenceWithinItsChartsPrecisionReproducesIt() {
        ClaimResult claim = verdict(CALLABLE_AT_REST + 23, CALLABLE_AT_REST + 23);
        assertThat(claim.status()).isEqualTo("reproduced");
        assertThat(claim.evidence()).startsWith("53 against 30 live threads at the start (+23)");
        assertThat(verdict(CALLABLE_AT_REST + 20, CALLABLE_AT_REST + 26).status())
                .isEqualTo("reproduced");
    }

    @Test
    void aDifferenceOutsideItAtEitherEndDoesNot() {
        assertThat(verdict(CALLABLE_AT_REST + 19, CALLABLE_AT_REST + 23).status())
                .isEqualTo("not reproduced");
        assertThat(verdict(CALLABLE_AT_REST + 23, CALLABLE_AT_REST + 27).status())
                .isEqualTo("not reproduced");
        ClaimResult measuredHere = verdict(CALLABLE_AT_REST + 12, CALLABLE_AT_REST + 12);
        assertThat(measuredHere.status()).isEqualTo("not reproduced");
        assertThat(measuredHere.evidence()).endsWith("where the article's +23 needs 33 kept");
    }

    private static ClaimResult verdict(int liveAtStart, int liveAtEnd) {
        StepResult threads39 = step(liveAtStart, liveAtEnd);
        StepResult callable = step(CALLABLE_AT_REST, CALLABLE_AT_REST);
        Measurements measurements = Measurements.of(
                SERVLET_ASYNC,
                List.of(
                        Judge.variant(ServletAsyncExperiment.BLOCKING_39, threads39),
                        Judge.variant(ServletAsyncExperiment.CALLABLE_10_UNBOUNDED, callable)),
                SERVLET_ASYNC.downstreamLatency(),
                2);
        return Judge.claim(SERVLET_ASYNC, "blocking-39-more-threads-at-rest", measurements);
    }

    private static StepResult step(int liveAtStart, int liveAtEnd) {
        long requests = ServletAsyncExperiment.LOAD.totalRequests();
        return StepResult.custom(ServletAsyncExperiment.LOAD.label())
                .plan(new Scaled(1)
                        .plan(ServletAsyncExperiment.LOAD, SERVLET_ASYNC.requestTimeout(), SERVLET_ASYNC.connections()))
                .client(
                        new Requests(requests, requests, 0, Map.of()),
                        20,
                        new LatencyMillis(1000, 1000, 1000, 1000, 1000, 1000),
                        60,
                        20)
                .littlesLaw(20, "measured", 20)
                .timeline(new Timeline(1000, List.of()))
                .threads(new Threads(
                        liveAtEnd + 20, Map.of(), List.of(), 0, Map.of(), atRest(liveAtStart), atRest(liveAtEnd)))
                .build();
    }

    private static ThreadSample atRest(int live) {
        return new ThreadSample(0, live, Map.of("tomcat-workers", live - 20), Map.of(), OptionalLong.empty(), 0);
    }
}
