package org.concurrencylab.results.usage;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BeyondLimitTest {

    @Test
    void aFigureThatRoundsToItsLimitGetsTheDecimalsThatShowItPassedIt() {
        assertThat(BeyondLimit.figure(1.254, 1.25, 2)).isEqualTo("1.254");
        assertThat(BeyondLimit.figure(10.4, 10, 0)).isEqualTo("10.4");
        assertThat(BeyondLimit.figure(10.04, 10, 0)).isEqualTo("10.04");
    }

    @Test
    void aFigureClearOfItsLimitKeepsItsOwnDecimals() {
        assertThat(BeyondLimit.figure(1.31, 1.25, 2)).isEqualTo("1.31");
        assertThat(BeyondLimit.figure(93.2, 10, 0)).isEqualTo("93");
    }
}
