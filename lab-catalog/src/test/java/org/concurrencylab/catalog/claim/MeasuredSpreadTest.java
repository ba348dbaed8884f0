package org.concurrencylab.catalog.claim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MeasuredSpreadTest {

    private static final Bench THREE_RUNS = Bench.of(3, "2026-11-28");

    @Test
    void saysItsFigureItsRangeItsRunsAndTheirDay() {
        assertThat(THREE_RUNS.spread("the failed share", 75.2, 78.6, "%").describe())
                .isEqualTo("the failed share 75.2 to 78.6 % over 3 runs (2026-11-28)");
        assertThat(THREE_RUNS.spread("the legacy's failed share", 0, 0, "%").describe())
                .isEqualTo("the legacy's failed share 0 % over 3 runs (2026-11-28)");
        assertThat(Bench.of(5, "2026-11-28").spread("sessions", 4, 6, "").describe())
                .isEqualTo("sessions 4 to 6 over 5 runs (2026-11-28)");
    }

    @Test
    void aSpreadUpsideDownOrABenchOfFewerThanThreeRunsIsRefused() {
        assertThatThrownBy(() -> THREE_RUNS.spread("x", 2, 1, "x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("above its highest");
        assertThatThrownBy(() -> Bench.of(2, "2026-11-28"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("3 runs or more");
        assertThatThrownBy(() -> THREE_RUNS.spread("x", Double.NaN, 2, "x"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
