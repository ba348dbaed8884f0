package org.concurrencylab.runner.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.concurrencylab.study.Study;
import org.junit.jupiter.api.Test;

class SampleIntervalTest {

    @Test
    void aStepIsSampledEightyTimesWithinTheAgentsDefaultAndItsShortestInterval() {
        assertThat(interval(Duration.ofSeconds(8))).isEqualTo(Duration.ofMillis(100));
        assertThat(interval(Duration.ofSeconds(60)))
                .as("no rarer than the default")
                .isEqualTo(Duration.ofMillis(100));
        assertThat(interval(Duration.ofSeconds(6))).isEqualTo(Duration.ofMillis(75));
        assertThat(interval(Duration.ofSeconds(4))).isEqualTo(Duration.ofMillis(50));
        assertThat(interval(Duration.ofSeconds(2)))
                .as("no more often than the shortest")
                .isEqualTo(Duration.ofMillis(50));
    }

    private static Duration interval(Duration step) {
        return ForkRun.sampleInterval(
                Study.custom(Path.of("app.jar")).stepLength(step).build());
    }
}
