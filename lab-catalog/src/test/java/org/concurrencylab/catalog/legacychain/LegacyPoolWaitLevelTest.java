package org.concurrencylab.catalog.legacychain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.step.TimelinePoint;
import org.concurrencylab.results.usage.DatabaseUsage;
import org.junit.jupiter.api.Test;

/**
 * What legacy-chain's pool-wait level reads from a sweep's point: the hot row's pace from the answers a
 * second after the ramp-up, only where transactions waited on its lock; and the share that pace gives.
 */
class LegacyPoolWaitLevelTest {

    @Test
    void theRowsPaceIsTheMedianOfTheAnswersASecondAfterTheRampUp() {
        // the ramp-up's 5 bins answer little, the held 10 answer 61 or 62; the bin of the last answers is left out
        StepResult step = step(3.4, 20, 40, 55, 60, 61, 61, 62, 61, 62, 61, 61, 62, 61, 62, 61, 6);

        assertThat(LegacyChainExperiment.rowPacePerSecond(step).orElseThrow()).isEqualTo(61.0);
    }

    @Test
    void aRowNothingWaitedOnHasNoPaceToRead() {
        assertThat(LegacyChainExperiment.rowPacePerSecond(step(0.5, 61, 61, 61, 61, 61, 61, 61)))
                .isEmpty();
    }

    @Test
    void aPoolWaitAt2point5SecondsFailsAbout8PercentAtThatPace() {
        StepResult step = step(3.4, 61, 61, 61, 61, 61, 61, 61, 61, 61, 61, 61, 61, 61, 61, 61);
        VariantResult fiveConnections = VariantResult.custom("legacy@2500")
                .origin("seed")
                .cpus(8)
                .sizing(Map.of("httpClientMaxPerRoute", 5))
                .steps(List.of(step))
                .build();

        assertThat(LegacyChainExperiment.poolWaitShare(fiveConnections, step, 2_500)
                        .orElseThrow())
                .isCloseTo(0.08, within(0.015));
        assertThat(LegacyChainExperiment.poolWaitShare(fiveConnections, step, 3_500)
                        .orElseThrow())
                .isZero();
        VariantResult unreported = VariantResult.custom("legacy@2500")
                .origin("seed")
                .cpus(8)
                .steps(List.of(step))
                .build();
        assertThat(LegacyChainExperiment.poolWaitShare(unreported, step, 2_500))
                .as("the client's connections not reported")
                .isEmpty();
    }

    /** A step of the legacy's load whose bins of one second answered so many each, the row's lock waited on so. */
    private static StepResult step(double meanWaitingOnLocks, long... answeredPerSecond) {
        List<TimelinePoint> bins = new ArrayList<>();
        for (int second = 0; second < answeredPerSecond.length; second++) {
            bins.add(TimelinePoint.custom()
                    .atSeconds(second)
                    .completed(answeredPerSecond[second])
                    .build());
        }
        return StepResult.custom(LegacyChainExperiment.LOAD.label())
                .client(new Requests(1_000, 1_000, 0, Map.of()), 60, new LatencyMillis(1, 1, 1, 1, 1, 1), 15, 60)
                .timeline(new Timeline(1000, bins))
                .database(new DatabaseUsage(meanWaitingOnLocks, 4, 10, 60, 0, List.of()))
                .build();
    }
}
