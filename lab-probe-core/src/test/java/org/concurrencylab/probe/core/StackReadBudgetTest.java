package org.concurrencylab.probe.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StackReadBudgetTest {

    private static final long MS = 1_000_000L;
    private static final long PERIOD = 250 * MS;
    private static final long WINDOW = 5_000 * MS;

    @Test
    void readsAtMostOnceAPeriod() {
        StackReadBudget budget = new StackReadBudget(PERIOD, 0.01, WINDOW, 0);
        assertThat(budget.allows(0)).isTrue();
        budget.spent(0, MS);
        assertThat(budget.allows(PERIOD - 1)).isFalse();
        assertThat(budget.allows(PERIOD)).isTrue();
    }

    /** One slow read among quick ones spends its share of the window; the reads after it keep their period. */
    @Test
    void oneSlowReadDoesNotStopTheReadsForSeconds() {
        StackReadBudget budget = new StackReadBudget(PERIOD, 0.01, WINDOW, 0);
        long now = 0;
        int reads = 0;
        for (int sample = 0; sample < 16; sample++, now += PERIOD) {
            if (budget.allows(now)) {
                budget.spent(now, reads == 3 ? 47 * MS : MS);
                reads++;
            }
        }
        assertThat(reads).isEqualTo(16);
    }

    /** Reads that each take longer than the share allows are thinned until they average the share over time. */
    @Test
    void slowReadsAverageTheShare() {
        StackReadBudget budget = new StackReadBudget(PERIOD, 0.01, WINDOW, 0);
        long spent = 0;
        long step = 10 * MS;
        long length = 60_000 * MS;
        for (long now = 0; now < length; now += step) {
            if (budget.allows(now)) {
                budget.spent(now, 12 * MS);
                spent += 12 * MS;
            }
        }
        // at most the share of the time, plus the window's allowance and the read that overdrew it
        assertThat(spent).isLessThanOrEqualTo((long) (0.01 * length) + WINDOW / 100 + 12 * MS);
        assertThat(spent).isGreaterThanOrEqualTo((long) (0.01 * length) - 12 * MS);
    }

    @Test
    void refusesAShareOutsideZeroToOne() {
        assertThatThrownBy(() -> new StackReadBudget(PERIOD, 0, WINDOW, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new StackReadBudget(PERIOD, 1, WINDOW, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new StackReadBudget(0, 0.01, WINDOW, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
