package org.concurrencylab.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PoolSizingTest {

    @Test
    void aSizeWithinTheMeasurementsPrecisionOfAWholeNumberIsThatNumber() {
        // 8 users at 42.1 ms each, a connection held 42.2 ms: 8.02 by the figures, 8 by what they can tell
        assertThat(PoolSizing.needed(0.0422, 8, 42.1)).isEqualTo(8);
        assertThat(PoolSizing.needed(0.0405, 8, 42.1)).isEqualTo(8);
        // 8.5 is beyond it: 9
        assertThat(PoolSizing.needed(0.0447, 8, 42.1)).isEqualTo(9);
        assertThat(PoolSizing.needed(0.0100, 8, 42.1)).isEqualTo(2);
    }
}
