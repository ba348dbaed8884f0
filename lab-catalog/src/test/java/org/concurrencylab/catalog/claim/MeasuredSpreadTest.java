package org.concurrencylab.catalog.claim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MeasuredSpreadTest {

    @Test
    void saysItsFigureItsRangeItsRunsAndTheirDay() {
        assertThat(MeasuredSpread.of("the failed share", 75.2, 78.6, "%", 3, "2026-11-28")
                        .describe())
                .isEqualTo("the failed share 75.2 to 78.6 % over 3 runs (2026-11-28)");
        assertThat(MeasuredSpread.of("the legacy's failed share", 0, 0, "%", 3, "2026-11-28")
                        .describe())
                .isEqualTo("the legacy's failed share 0 % over 3 runs (2026-11-28)");
        assertThat(MeasuredSpread.of("sessions", 4, 6, "", 5, "2026-11-28").describe())
                .isEqualTo("sessions 4 to 6 over 5 runs (2026-11-28)");
    }

    @Test
    void aSpreadUpsideDownOrOfFewerThanThreeRunsIsRefused() {
        assertThatThrownBy(() -> MeasuredSpread.of("x", 2, 1, "x", 3, "2026-11-28"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("above its highest");
        assertThatThrownBy(() -> MeasuredSpread.of("x", 1, 2, "x", 2, "2026-11-28"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("3 runs or more");
        assertThatThrownBy(() -> MeasuredSpread.of("x", Double.NaN, 2, "x", 3, "2026-11-28"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
