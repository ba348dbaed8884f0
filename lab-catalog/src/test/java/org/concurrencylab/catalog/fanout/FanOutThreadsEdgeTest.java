package org.concurrencylab.catalog.fanout;

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
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.results.usage.ThreadSample;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

/**
 * The fan-out claims decided on lone latencies, on the pools' threads and on the metadata service's own
 * time, at their edges: each threshold straddled by 0.01 D, one thread, or one millisecond.
 */
class FanOutThreadsEdgeTest {

    private static final Experiment FAN_OUT = Catalog.experiment("fan-out").orElseThrow();
    private static final double D = FAN_OUT.downstreamLatency().toNanos() / 1e6;

    @Test
    void inParallelALoneRequestTakesAboutDWhereInSequenceItTakes2D() {
        assertThat(lone(2.0, 1.29)).isEqualTo("reproduced");
        assertThat(lone(1.79, 1.1)).as("sequential short of 1.8 D").isEqualTo("not reproduced");
        assertThat(lone(2.0, 1.31)).as("parallel over 1.3 D").isEqualTo("not reproduced");
        // 0.65 x 1.9 D = 1.235 D
        assertThat(lone(1.9, 1.23)).isEqualTo("reproduced");
        assertThat(lone(1.9, 1.24)).as("parallel over 0.65 x sequential").isEqualTo("not reproduced");
    }

    @Test
    void theDefaultPoolHasOneThreadFewerThanTheCpusAndUsesThemAll() {
        assertThat(commonPool(7, 7)).isEqualTo("reproduced");
        assertThat(commonPool(8, 8)).as("parallelism as many as the CPUs").isEqualTo("not reproduced");
        assertThat(commonPool(7, 6)).as("a thread the pool never made").isEqualTo("not reproduced");
        assertThat(commonPool(null, 7)).as("no parallelism reported").isEqualTo("not reproduced");
    }

    @Test
    void tomcatsWorkersAre50OrMoreAndAtMostATenthOfThemRunnable() {
        assertThat(parked(50, 5)).isEqualTo("reproduced");
        assertThat(parked(49, 4)).as("49 workers").isEqualTo("not reproduced");
        assertThat(parked(50, 6)).as("6 of 50 runnable").isEqualTo("not reproduced");
    }

    @Test
    void theMetadataServiceStaysNear_D_InItsSlowestStep() {
        double edge = Thresholds.DOWNSTREAM_NEAR_D * D;
        assertThat(metadata(D, edge - 1)).isEqualTo("reproduced");
        assertThat(metadata(D, edge + 1)).isEqualTo("not reproduced");
        assertThat(metadata(null, null)).as("no step measured it").isEqualTo("not applicable");
    }

    private static String lone(double sequentialInD, double parallelInD) {
        return verdict(
                "parallel-halves-lone-latency",
                Judge.variant(FanOutExperiment.SEQUENTIAL, loneStep(sequentialInD)),
                Judge.variant(FanOutExperiment.COMMON_POOL, loneStep(parallelInD)));
    }

    private static StepResult loneStep(double meanInD) {
        return Judge.closedStep(FAN_OUT, FanOutExperiment.LONE, 1 / meanInD, meanInD)
                .threads(threads(20, Map.of(), List.of()))
                .build();
    }

    private static String commonPool(Integer parallelism, int peakThreads) {
        StepResult step = underLoad(threads(40, Map.of(FanOutExperiment.COMMON_POOL_THREADS, peakThreads), List.of()))
                .build();
        VariantResult variant = VariantResult.custom(FanOutExperiment.COMMON_POOL)
                .origin("seed")
                .cpus(8)
                .sizing(parallelism == null ? Map.of() : Map.of("commonPoolParallelism", parallelism))
                .steps(List.of(step))
                .build();
        return verdict("common-pool-one-thread-short", variant);
    }

    private static String parked(int workers, int runnableAtMost) {
        List<ThreadSample> samples =
                List.of(sample(workers, runnableAtMost - 1), sample(workers, runnableAtMost), sample(workers, 0));
        StepResult step = underLoad(threads(workers + 20, Map.of("tomcat-workers", workers), samples))
                .build();
        return verdict("tomcat-workers-park", Judge.variant(FanOutExperiment.COMMON_POOL, step));
    }

    private static String metadata(Double loneMillis, Double loadedMillis) {
        StepResult.Builder lone = Judge.closedStep(FAN_OUT, FanOutExperiment.LONE, 1, 1);
        StepResult.Builder loaded = underLoad(threads(40, Map.of(), List.of()));
        if (loneMillis != null) {
            lone.downstream(downstream(loneMillis));
            loaded.downstream(downstream(loadedMillis));
        }
        return verdict(
                "metadata-never-the-bottleneck",
                Judge.variant(FanOutExperiment.DEDICATED_POOL_400, lone.build(), loaded.build()));
    }

    private static DownstreamUsage downstream(double meanMillis) {
        return new DownstreamUsage(1_000, meanMillis, OptionalDouble.of(D), 30, 1, Map.of());
    }

    private static StepResult.Builder underLoad(Threads threads) {
        return Judge.openStep(FAN_OUT, FanOutExperiment.UNDER_LOAD, D, D, 0)
                .threads(threads)
                .process(Judge.process(1, OptionalLong.of(1), OptionalLong.of(1), 1));
    }

    private static Threads threads(int peakLive, Map<String, Integer> byPool, List<ThreadSample> samples) {
        return new Threads(peakLive, byPool, samples, 0, Map.of(), null, null);
    }

    private static ThreadSample sample(int workers, int runnable) {
        return new ThreadSample(
                0,
                workers + 20,
                Map.of("tomcat-workers", workers),
                Map.of("tomcat-workers", runnable),
                OptionalLong.empty(),
                1 << 28);
    }

    private static String verdict(String claim, VariantResult... variants) {
        Measurements measurements = Measurements.of(FAN_OUT, List.of(variants), FAN_OUT.downstreamLatency(), 2);
        return Judge.claim(FAN_OUT, claim, measurements).status();
    }
}
