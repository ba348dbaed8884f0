package org.concurrencylab.catalog.servletasync;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Judge;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.ThreadSample;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

/**
 * {@code tomcat-deletes-idle-workers} at Boot's min-spare of 10 workers: more than 10 made, at most 10 left
 * after the rest with the short idle time, and more than 10 kept with Tomcat's 60 s.
 */
class ServletAsyncIdleWorkersEdgeTest {

    private static final Experiment SERVLET_ASYNC =
            Catalog.experiment("servlet-async").orElseThrow();
    private static final String CLAIM = "tomcat-deletes-idle-workers";

    @Test
    void workersBeyondTheMinSpareGoneAfterTheRestWhileTheDefaultKeepsThem() {
        ClaimResult claim = verdict(11, 10, 11);
        assertThat(claim.status()).isEqualTo("reproduced");
        assertThat(claim.evidence())
                .startsWith("with an idle time of 2 D: 11 workers at most, 10 after the load's rest");
    }

    @Test
    void oneWorkerTooManyLeftRefutesIt() {
        assertThat(verdict(22, 11, 22).status()).isEqualTo("not reproduced");
    }

    @Test
    void noWorkerBeyondTheMinSpareOrNoneKeptByTheDefaultShowsNoDeletion() {
        assertThat(verdict(10, 10, 22).status()).as("none made to delete").isEqualTo("not reproduced");
        assertThat(verdict(22, 10, 10).status())
                .as("the default deleted them too: the idle time did not")
                .isEqualTo("not reproduced");
    }

    private static ClaimResult verdict(int made, int left, int kept) {
        Measurements measurements = Measurements.of(
                SERVLET_ASYNC,
                List.of(
                        Judge.variant(ServletAsyncExperiment.BLOCKING_39_IDLE_2D, step(made, left)),
                        Judge.variant(ServletAsyncExperiment.BLOCKING_39, step(22, kept))),
                SERVLET_ASYNC.downstreamLatency(),
                2);
        return Judge.claim(SERVLET_ASYNC, CLAIM, measurements);
    }

    private static StepResult step(int made, int atRest) {
        double d = SERVLET_ASYNC.downstreamLatency().toNanos() / 1e6;
        return Judge.openStep(SERVLET_ASYNC, ServletAsyncExperiment.LOAD, d, d, 0)
                .threads(new Threads(
                        made + 20,
                        Map.of("tomcat-workers", made),
                        List.of(),
                        0,
                        Map.of(),
                        workers(-1, 10),
                        workers(61_500, atRest)))
                .build();
    }

    private static ThreadSample workers(long atMillis, int workers) {
        return new ThreadSample(
                atMillis, workers + 20, Map.of("tomcat-workers", workers), Map.of(), OptionalLong.empty(), 0);
    }
}
