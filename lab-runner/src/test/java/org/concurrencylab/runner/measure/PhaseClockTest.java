package org.concurrencylab.runner.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.concurrencylab.results.TimeBudget;
import org.junit.jupiter.api.Test;

class PhaseClockTest {

    @Test
    void everyMomentIsInOnePhaseSoThePhasesAddUpToTheWallTime() throws InterruptedException {
        PhaseClock clock = new PhaseClock();
        clock.enter("x/a", PhaseClock.Phase.JVM_START);
        Thread.sleep(30);
        try (PhaseClock.Interval caching = clock.during(PhaseClock.Phase.CACHE_TRAINING)) {
            Thread.sleep(20);
        }
        Thread.sleep(10);
        clock.enter("x/a", PhaseClock.Phase.MEASURED);
        Thread.sleep(200);
        clock.enter(null, PhaseClock.Phase.RESULTS);

        TimeBudget budget = clock.budget();
        double sum = budget.byPhase().values().stream()
                .mapToDouble(Double::doubleValue)
                .sum();
        // each figure rounded to a millisecond: the sum is the wall time within a few of them
        assertThat(sum).isCloseTo(budget.wallSeconds(), org.assertj.core.data.Offset.offset(0.005));
        assertThat(budget.byPhase().get("JVM starts"))
                .as("30 ms before the training and 10 after")
                .isGreaterThanOrEqualTo(0.040);
        assertThat(budget.byPhase().get("start-up cache training")).isGreaterThanOrEqualTo(0.020);
        assertThat(budget.byPhase().get(TimeBudget.MEASURED)).isGreaterThanOrEqualTo(0.200);
        assertThat(budget.byVariant().get("x/a"))
                .containsOnlyKeys("JVM starts", "start-up cache training", TimeBudget.MEASURED);
        // the share comes from the clock's nanoseconds, the check from figures rounded to a millisecond each: they
        // differ by at most what half a millisecond is of each, and the share's own rounding to a thousandth
        double measured = budget.byPhase().get(TimeBudget.MEASURED);
        double fromRounded = measured / budget.wallSeconds();
        double rounding = fromRounded * (0.0005 / measured + 0.0005 / budget.wallSeconds()) + 0.0005;
        assertThat(budget.measuredShare()).isCloseTo(fromRounded, org.assertj.core.data.Offset.offset(rounding));
    }
}
