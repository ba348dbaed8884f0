package org.concurrencylab.runner.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.HdrHistogram.Histogram;
import org.concurrencylab.probe.model.CpuProfile;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.ServiceProfile;
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

    /**
     * The servlet container is the trunk of every request under either of its namespaces: a Spring Boot 2
     * application's {@code javax.servlet} as a Boot 3 one's {@code jakarta.servlet}, so the widest method named is
     * the application's (a Thymeleaf page's 94 % in a filter that resolved its links as resources).
     */
    @Test
    void theServletContainerIsLeftOutOfTheProfileUnderEitherNamespace() {
        String filter = "org.springframework.web.servlet.resource.ResourceUrlEncodingFilter.doFilter";
        ServiceProfile profile = StepResults.profile(new CpuProfile(
                738,
                0,
                Map.of(
                        "javax.servlet.http.HttpServlet.service",
                        695,
                        "jakarta.servlet.http.HttpServlet.service",
                        10,
                        filter,
                        695),
                Map.of(filter, 20)));

        assertThat(profile.shares()).containsOnlyKeys(filter);
        assertThat(profile.widest(1).getFirst().method()).isEqualTo(filter);
    }
}
