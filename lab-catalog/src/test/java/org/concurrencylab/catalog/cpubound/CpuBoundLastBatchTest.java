package org.concurrencylab.catalog.cpubound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import org.concurrencylab.results.step.TimelinePoint;
import org.junit.jupiter.api.Test;

/**
 * {@code no-scheduler-last-batch-times-out} at its edges, in the article's time (S = 1, a 30 s timeout):
 * with batches whose third ends past the timeout, the last 10 timing out reproduces it and answers or
 * other failures among them do not; batches that put the timeout outside the third decide nothing.
 */
class CpuBoundLastBatchTest {

    private static final Experiment CPU_BOUND = Catalog.experiment("cpu-bound").orElseThrow();

    @Test
    void theArticlesBatchesTimeTheLastTenOut() {
        ClaimResult claim = verdict(11_000, 20, 10, 0);
        assertThat(claim.status()).isEqualTo("reproduced");
        assertThat(claim.evidence())
                .startsWith("20 answered, 10 timed out, 0 failed otherwise; batches of 11000 ms (14.7 D; the article's "
                        + "11 s is 14.7 D), so the third ends at 33000 ms against the 30000 ms timeout")
                .contains("answers grouped in time as [10, 10, 10]");
    }

    @Test
    void oneOfTheLastBatchAnsweredBeforeTheOthersStillReproducesIt() {
        assertThat(verdict(11_000, 21, 9, 0).status()).isEqualTo("reproduced");
    }

    @Test
    void twoOfTheLastBatchAnsweredDoNot() {
        assertThat(verdict(11_000, 22, 8, 0).status()).isEqualTo("not reproduced");
    }

    @Test
    void aFailureOtherThanTheTimeoutDoesNot() {
        assertThat(verdict(11_000, 20, 9, 1).status()).isEqualTo("not reproduced");
    }

    @Test
    void batchesWhoseThirdEndsWithinTheTimeoutDecideNothing() {
        ClaimResult claim = verdict(9_900, 30, 0, 0);
        assertThat(claim.status()).isEqualTo("not decided");
        assertThat(claim.evidence())
                .contains("so the third ends at 29700 ms against the 30000 ms timeout")
                .endsWith(
                        "this JVM's batches put the timeout outside the third batch, where the article's fell inside it");
    }

    @Test
    void batchesWhoseSecondEndsPastTheTimeoutDecideNothing() {
        assertThat(verdict(15_100, 10, 20, 0).status()).isEqualTo("not decided");
    }

    /**
     * The 30 requests sent at once, answered in batches of {@code batchMillis} ({@code ok} of them, 10 a
     * batch and the rest with the last), then {@code timedOut} timing out at the timeout and {@code
     * otherFailures} failing otherwise there.
     */
    private static ClaimResult verdict(long batchMillis, long ok, long timedOut, long otherFailures) {
        long sent = ok + timedOut + otherFailures;
        long batches = Math.round(ok / 10.0);
        long timeout = CPU_BOUND.requestTimeout().toMillis();
        long[] completed = new long[(int) (timeout / 1000) + 1];
        long answered = 0;
        for (long batch = 1; batch <= batches; batch++) {
            long inThisBatch = batch == batches ? ok - answered : 10;
            answered += inThisBatch;
            completed[(int) Math.min(completed.length - 1, batch * batchMillis / 1000)] += inThisBatch;
        }
        List<TimelinePoint> points = new ArrayList<>();
        for (int second = 0; second < completed.length; second++) {
            boolean last = second == completed.length - 1;
            points.add(point(second, completed[second], last ? timedOut + otherFailures : 0));
        }
        Map<String, Long> failedByKind = new HashMap<>();
        if (timedOut > 0) {
            failedByKind.put("TIMEOUT", timedOut);
        }
        if (otherFailures > 0) {
            failedByKind.put("CONNECTION", otherFailures);
        }
        double last = batches * batchMillis;
        double seconds = Math.max(last, timeout) / 1e3;
        StepResult step = StepResult.custom(CpuBoundExperiment.AT_ONCE.label())
                .plan(new Scaled(1)
                        .plan(CpuBoundExperiment.AT_ONCE, CPU_BOUND.requestTimeout(), CPU_BOUND.connections()))
                .client(
                        new Requests(sent, ok, timedOut + otherFailures, failedByKind),
                        ok / seconds,
                        new LatencyMillis(last / 2, last / 2, last, last, last, last),
                        seconds,
                        sent * last / 2 / 1e3 / seconds)
                .littlesLaw(10 / 1.5, "measured", 10 / 1.5)
                .timeline(new Timeline(1000, points))
                .build();
        return Judge.claim(
                CPU_BOUND,
                "no-scheduler-last-batch-times-out",
                new Measurements(
                        List.of(Judge.variant(CpuBoundExperiment.NO_SCHEDULER_ARTICLE_BATCHES, step)),
                        CPU_BOUND.downstreamLatency(),
                        2));
    }

    private static TimelinePoint point(long atSeconds, long completed, long failed) {
        return TimelinePoint.custom()
                .atSeconds(atSeconds)
                .started(0)
                .completed(completed)
                .failed(failed)
                .latencyMillisP50(0)
                .latencyMillisP95(0)
                .latencyMillisMax(0)
                .build();
    }
}
