package org.concurrencylab.catalog.servletasync;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Judge;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Thresholds;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

/**
 * The Callable on Boot's default executor, held to its 8 threads, and the sleep service's own time, at their
 * edges: 8 threads and 2.5 % over 8 per D with a p95 over 10 D; the slowest step's time 1 ms either side of 1.2 D.
 */
class ServletAsyncExecutorEdgeTest {

    private static final Experiment SERVLET_ASYNC =
            Catalog.experiment("servlet-async").orElseThrow();
    private static final double D = SERVLET_ASYNC.downstreamLatency().toNanos() / 1e6;

    @Test
    void bootsExecutorHoldsACallableTo8ThreadsAbout8PerDAndAQueue() {
        assertThat(bootDefault(8, 8.19, 10.1)).isEqualTo("reproduced");
        assertThat(bootDefault(9, 8.19, 10.1)).as("a ninth executor thread").isEqualTo("not reproduced");
        assertThat(bootDefault(8, 8.21, 10.1)).as("over 8.2 per D").isEqualTo("not reproduced");
        assertThat(bootDefault(8, 8.19, 9.9)).as("a p95 under 10 D: no queue").isEqualTo("not reproduced");
    }

    @Test
    void theSleepServiceStaysNearDInItsSlowestStep() {
        double edge = Thresholds.DOWNSTREAM_NEAR_D * D;
        assertThat(sleepService(edge - 1)).isEqualTo("reproduced");
        assertThat(sleepService(edge + 1)).isEqualTo("not reproduced");
    }

    private static String bootDefault(int executorThreads, double perD, double p95InD) {
        long requests = ServletAsyncExperiment.LOAD.totalRequests();
        double seconds = ServletAsyncExperiment.LOAD.duration().toNanos() / 1e9;
        double p95 = p95InD * D;
        StepResult step = Judge.openStep(SERVLET_ASYNC, ServletAsyncExperiment.LOAD, p95 / 2, p95, 0)
                .client(
                        new Requests(requests, requests, 0, Map.of()),
                        perD / (D / 1e3),
                        new LatencyMillis(p95 / 2, p95 / 2, p95, p95, p95, p95),
                        seconds,
                        perD * p95 / 2 / D)
                .threads(new Threads(40, Map.of("mvc-async", executorThreads), List.of(), 0, Map.of(), null, null))
                .process(Judge.process(1, OptionalLong.of(1), OptionalLong.of(1), requests))
                .build();
        VariantResult variant = VariantResult.custom(ServletAsyncExperiment.CALLABLE_10_BOOT_DEFAULT)
                .origin("seed")
                .cpus(8)
                .sizing(Map.of("mvcAsyncMaxThreads", 8, "mvcAsyncQueueCapacity", Integer.MAX_VALUE))
                .steps(List.of(step))
                .build();
        return verdict("callable-on-boot-default-is-capped", variant);
    }

    private static String sleepService(double slowestMillis) {
        StepResult.Builder fast = Judge.openStep(SERVLET_ASYNC, ServletAsyncExperiment.LOAD, D, D, 0);
        StepResult.Builder slow = Judge.openStep(SERVLET_ASYNC, ServletAsyncExperiment.LOAD, D, D, 0);
        fast.downstream(new DownstreamUsage(1_200, D, OptionalDouble.of(D), 25, 1, Map.of()));
        slow.downstream(new DownstreamUsage(1_200, slowestMillis, OptionalDouble.of(D), 25, 1, Map.of()));
        return verdict(
                "sleep-service-never-the-bottleneck",
                Judge.variant(ServletAsyncExperiment.BLOCKING_39, fast.build()),
                Judge.variant(ServletAsyncExperiment.CALLABLE_10_UNBOUNDED, slow.build()));
    }

    private static String verdict(String claim, VariantResult... variants) {
        Measurements measurements =
                Measurements.of(SERVLET_ASYNC, List.of(variants), SERVLET_ASYNC.downstreamLatency(), 2);
        return Judge.claim(SERVLET_ASYNC, claim, measurements).status();
    }
}
