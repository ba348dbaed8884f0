package org.concurrencylab.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.junit.jupiter.api.Test;

/** A study's limits, decided on its steps: met, missed, or never reached. */
class StudyCheckTest {

    private static final VariantResult SMALL = variant("pool-4", step(8, 98.7, 120.7, 0));
    private static final VariantResult LARGE = variant("pool-8", step(8, 193.4, 43.5, 0));

    @Test
    void aLimitMetIsReproducedAndMissedIsNot() {
        StudyCheck p95 = new StudyCheck(null, StudyCheck.Step.users(8), 60.0, null, null, null, null);
        assertThat(p95.evaluate("c", LARGE, List.of(SMALL, LARGE)).status()).isEqualTo("reproduced");
        ClaimResult missed = p95.evaluate("c", SMALL, List.of(SMALL, LARGE));
        assertThat(missed.status()).isEqualTo("not reproduced");
        assertThat(missed.evidence()).isEqualTo("p95 120.7 ms");
    }

    @Test
    void asWellAsAnotherVariantAllowsItsNoiseAndNoMore() {
        StudyCheck asWell = new StudyCheck("pool-4", StudyCheck.Step.users(8), null, null, null, null, "pool-8");
        assertThat(asWell.evaluate("c", SMALL, List.of(SMALL, LARGE)).status()).isEqualTo("not reproduced");
        VariantResult nearly = variant("pool-4", step(8, 0.96 * 193.4, 1.04 * 43.5, 0));
        assertThat(asWell.evaluate("c", nearly, List.of(nearly, LARGE)).status())
                .isEqualTo("reproduced");
    }

    @Test
    void aStepTheStudyNeverReachedIsNotDecided() {
        ClaimResult unreached = new StudyCheck(null, StudyCheck.Step.users(16), 60.0, null, null, null, null)
                .evaluate("c", LARGE, List.of(LARGE));
        assertThat(unreached.status()).isEqualTo("not decided");
        assertThat(unreached.evidence()).contains("stopped before 16 users");
    }

    @Test
    void failuresAndThroughputAreSharesOfTheStep() {
        VariantResult failing = variant("a", step(8, 150, 50, 3));
        assertThat(new StudyCheck(null, StudyCheck.Step.users(8), null, null, 1.0, null, null)
                        .evaluate("c", failing, List.of(failing))
                        .status())
                .isEqualTo("reproduced");
        assertThat(new StudyCheck(null, StudyCheck.Step.users(8), null, null, 0.1, null, null)
                        .evaluate("c", failing, List.of(failing))
                        .status())
                .isEqualTo("not reproduced");
        // 150/s of the 200/s its users allow is 75 %
        assertThat(new StudyCheck(null, StudyCheck.Step.users(8), null, null, null, 80.0, null)
                        .evaluate("c", failing, List.of(failing))
                        .status())
                .isEqualTo("not reproduced");
    }

    /**
     * Three forks whose p95 read 55, 58 and 61 ms: a mean of 58 ms, its 95 % interval 50.5 to 65.5 ms. A limit of 70 ms
     * lies above all of it (met), one of 45 ms below all of it (not met); one of 60 ms falls inside, and the forks
     * cannot tell it: not decided, though the mean alone would have passed.
     */
    @Test
    void aLimitIsJudgedByTheIntervalOfItsFigureOverTheForks() {
        VariantResult forked = org.concurrencylab.statistics.forks.VariantAcrossForks.of(
                List.of(
                        variant("pool-8", step(8, 190, 55, 0)),
                        variant("pool-8", step(8, 193, 58, 0)),
                        variant("pool-8", step(8, 196, 61, 0))),
                0.95);
        assertThat(p95AtMost(70).evaluate("c", forked, List.of(forked)).status())
                .isEqualTo("reproduced");
        assertThat(p95AtMost(45).evaluate("c", forked, List.of(forked)).status())
                .isEqualTo("not reproduced");
        ClaimResult inside = p95AtMost(60).evaluate("c", forked, List.of(forked));
        assertThat(inside.status()).isEqualTo("not decided");
        assertThat(inside.evidence())
                .isEqualTo("p95 58.0 ms (50.5 to 65.5); the limit falls within the forks' interval");
    }

    /**
     * As well as another variant, by the difference of their forks' means: 4 % less throughput whose interval reaches
     * below -5 % is not decided; 1 % less with a narrow interval is as well.
     */
    @Test
    void asWellAsAnotherVariantIsJudgedByTheDifferencesInterval() {
        VariantResult base = forked("pool-8", 193, 194, 195);
        StudyCheck asWell = new StudyCheck("pool-4", StudyCheck.Step.users(8), null, null, null, null, "pool-8");
        VariantResult wide = forked("pool-4", 180, 186, 192);
        assertThat(asWell.evaluate("c", wide, List.of(wide, base)).status()).isEqualTo("not decided");
        VariantResult close = forked("pool-4", 191.5, 192, 192.5);
        assertThat(asWell.evaluate("c", close, List.of(close, base)).status()).isEqualTo("reproduced");
    }

    private static StudyCheck p95AtMost(double millis) {
        return new StudyCheck(null, StudyCheck.Step.users(8), millis, null, null, null, null);
    }

    private static VariantResult forked(String name, double... perSecond) {
        return org.concurrencylab.statistics.forks.VariantAcrossForks.of(
                java.util.Arrays.stream(perSecond)
                        .mapToObj(each -> variant(name, step(8, each, 43.5, 0)))
                        .toList(),
                0.95);
    }

    private static StepResult step(int users, double perSecond, double p95, long failed) {
        long sent = 1000;
        return StepResult.custom(users + " users for 8s")
                .plan(LoadPlan.held(users, 0, 8, 0, 10_000, "keep-alive"))
                .client(
                        new Requests(sent, sent - failed, failed, Map.of()),
                        perSecond,
                        new LatencyMillis(40, 40, p95, p95, p95, p95),
                        8,
                        users)
                .littlesLaw(200, "U / R0", 200)
                .build();
    }

    private static VariantResult variant(String name, StepResult... steps) {
        return VariantResult.custom(name)
                .origin("application")
                .cpus(2)
                .steps(List.of(steps))
                .build();
    }
}
