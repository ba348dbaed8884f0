package org.concurrencylab.catalog.servletasync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Judge;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Thresholds;
import org.concurrencylab.results.step.RequestShare;
import org.concurrencylab.results.step.StepResult;
import org.junit.jupiter.api.Test;

/**
 * Two applications on one Tomcat, at the claim's edges: the second application's p95 just over 10 D when
 * both block; just under 1.15 D, and no failure, on its own pool while the first's p95 is just over 10 D.
 */
class ServletAsyncTwoApplicationsEdgeTest {

    private static final String CLAIM = "own-pools-keep-the-second-application-near-d";
    private static final Experiment SERVLET_ASYNC =
            Catalog.experiment("servlet-async").orElseThrow();
    private static final double D = SERVLET_ASYNC.downstreamLatency().toNanos() / 1e6;
    private static final double QUEUED = 10 * D;
    private static final double NEAR_D = Thresholds.P95_NEAR_D * D;

    @Test
    void theSecondApplicationStarvesBlockingAndKeepsItsTimeOnItsOwnPool() {
        assertThat(judge(QUEUED + 1, NEAR_D - 1, 0, QUEUED + 1)).isEqualTo("reproduced");
    }

    @Test
    void aSecondApplicationThatDidNotWaitBlockingRefutesIt() {
        assertThat(judge(QUEUED - 1, NEAR_D - 1, 0, QUEUED + 1)).isEqualTo("not reproduced");
    }

    @Test
    void aSlowOrFailingSecondApplicationOnItsOwnPoolRefutesIt() {
        assertThat(judge(QUEUED + 1, NEAR_D + 1, 0, QUEUED + 1)).isEqualTo("not reproduced");
        assertThat(judge(QUEUED + 1, NEAR_D - 1, 1, QUEUED + 1)).isEqualTo("not reproduced");
    }

    @Test
    void aFirstApplicationThatKeptUpShowsNothingAboutSeparation() {
        assertThat(judge(QUEUED + 1, NEAR_D - 1, 0, QUEUED - 1)).isEqualTo("not reproduced");
    }

    @Test
    void aSecondApplicationNeverAnsweredBlockingWaitedPastTheBound() {
        assertThat(judge(null, NEAR_D - 1, 0, QUEUED + 1)).isEqualTo("reproduced");
    }

    @Test
    void aStepWithoutEachPathsFiguresCannotDecideIt() {
        StepResult plain = step(List.of());
        assertThatThrownBy(() -> Measurements.sentTo(plain, ServletAsyncExperiment.SECOND_APP))
                .isInstanceOf(Measurements.Missing.class)
                .hasMessageContaining("GET /neighbour/ruleTheWorld");
        assertThat(judged(plain, plain)).isEqualTo("not applicable");
    }

    private static String judge(Double starvedP95, double separateP95, long separateFailed, double firstP95) {
        StepResult blocking = step(List.of(
                share(ServletAsyncExperiment.FIRST_APP, QUEUED * 2, 0),
                share(ServletAsyncExperiment.SECOND_APP, starvedP95, 0)));
        StepResult ownPools = step(List.of(
                share(ServletAsyncExperiment.FIRST_APP, firstP95, 0),
                share(ServletAsyncExperiment.SECOND_APP, separateP95, separateFailed)));
        return judged(blocking, ownPools);
    }

    private static String judged(StepResult blocking, StepResult ownPools) {
        Measurements measurements = Measurements.of(
                SERVLET_ASYNC,
                List.of(
                        Judge.variant(ServletAsyncExperiment.TWO_APPS_BLOCKING_10, blocking),
                        Judge.variant(ServletAsyncExperiment.TWO_APPS_OWN_POOLS_10, ownPools)),
                SERVLET_ASYNC.downstreamLatency(),
                2);
        return Judge.claim(SERVLET_ASYNC, CLAIM, measurements).status();
    }

    private static RequestShare share(String path, Double p95Millis, long failed) {
        boolean first = path.equals(ServletAsyncExperiment.FIRST_APP);
        long sent = first ? 1_090 : 109;
        return new RequestShare("GET " + path, first ? 10 / 11.0 : 1 / 11.0, sent, failed, p95Millis, p95Millis);
    }

    private static StepResult step(List<RequestShare> shares) {
        return Judge.openStep(SERVLET_ASYNC, ServletAsyncExperiment.LOAD, D, 2 * D, 0)
                .byRequest(shares)
                .build();
    }
}
