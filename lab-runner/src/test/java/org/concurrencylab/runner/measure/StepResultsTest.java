package org.concurrencylab.runner.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.concurrencylab.results.step.LatencyMillis;
import org.junit.jupiter.api.Test;

class StepResultsTest {

    @Test
    void percentilesComeFromTheHistogramInMilliseconds() {
        Histogram micros = new Histogram(3);
        for (int millis = 1; millis <= 100; millis++) {
            micros.recordValue(millis * 1000L);
        }

        LatencyMillis latency = StepResults.latency(micros);

        assertThat(latency.mean()).isCloseTo(50.5, within(0.1));
        assertThat(latency.p50()).isCloseTo(50, within(0.1));
        assertThat(latency.p95()).isCloseTo(95, within(0.1));
        assertThat(latency.p99()).isCloseTo(99, within(0.1));
        assertThat(latency.max()).isCloseTo(100, within(0.1));
    }

    @Test
    void noSuccessfulRequestGivesZerosRatherThanAnError() {
        assertThat(StepResults.latency(new Histogram(3))).isEqualTo(new LatencyMillis(0, 0, 0, 0, 0, 0));
    }
}
