package org.concurrencylab.runner.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.junit.jupiter.api.Test;

/**
 * A study's rise of users ends where requests queued; one user's requests go one at a time, so a shortfall against
 * its lone pace (Zipkin's server: 5,797/s against 7,276/s, 80 %, in one JVM of three) ends nothing, while the same
 * share at two users does.
 */
class OneUserDoesNotQueueTest {

    private static StepResult step(int users, double throughput, double bound) {
        return StepResult.custom(users + " users for 8s")
                .plan(LoadPlan.closed(users, 1, 1000, "keep-alive"))
                .client(
                        new Requests((long) (8 * throughput), (long) (8 * throughput), 0, Map.of()),
                        throughput,
                        new LatencyMillis(0.2, 0.2, 0.2, 0.2, 0.2, 0.2),
                        8,
                        users)
                .littlesLaw(bound, "users", bound)
                .build();
    }

    @Test
    void oneUserBelowItsLonePaceDoesNotEndTheRise() {
        assertThat(StudyStops.stopReason(step(1, 5_797, 7_276))).isEmpty();
    }

    @Test
    void twoUsersAsFarBelowTheirsDo() {
        assertThat(StudyStops.stopReason(step(2, 11_594, 14_552)))
                .hasValueSatisfying(reason -> assertThat(reason).startsWith("requests queued"));
    }
}
