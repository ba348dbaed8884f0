package org.concurrencylab.catalog.claim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThresholdsTest {

    @Test
    void aThresholdIsWrittenWithTheDigitsItHasAndNoMore() {
        assertThat(Thresholds.figure(0.95 * 20)).isEqualTo("19");
        assertThat(Thresholds.figure(1.02 * 20)).isEqualTo("20.4");
        assertThat(Thresholds.figure(4.82 * 0.9)).isEqualTo("4.34");
        assertThat(Thresholds.figure(709.0 / 300)).isEqualTo("2.36");
        assertThat(Thresholds.figure(200)).isEqualTo("200");
    }

    @Test
    void aShareIsWrittenAsAPercentage() {
        assertThat(Thresholds.percent(0.95)).isEqualTo("95 %");
        assertThat(Thresholds.percent(1.02)).isEqualTo("102 %");
        assertThat(Thresholds.percent(0.025)).isEqualTo("2.5 %");
        assertThat(Thresholds.percent(0.07)).isEqualTo("7 %");
    }
}
