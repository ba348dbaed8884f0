package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.WarmUp;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.VariantStatus;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.TimelinePoint;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.junit.jupiter.api.Test;

/**
 * The fan-out system for real (users service, metadata simulator, open-model driver) on a short load:
 * 20 requests/s for 10 s at S = 0.2, that is 100/s for 2 s with D = 60 ms and a 2 s timeout. A pool
 * sized by Little's law keeps up; the default pool on this machine's own CPUs (parallelism CPUs - 1,
 * so 1 on a 2-core CI machine) can serve only parallelism / 2 D, and the driver must keep sending at
 * the scheduled rate all the same.
 */
class FanOutIntegrationTest extends RealServicesTest {

    private static final double SCALE = 0.2;

    @Test
    void aSizedPoolKeepsUpWhileTheDefaultPoolIsHeldToItsLittlesLawCapacity() throws Exception {
        Experiment fanOut = Catalog.experiment("fan-out").orElseThrow();
        Experiment shortRun = shortened(
                fanOut,
                SCALE,
                Duration.ofSeconds(10),
                new WarmUp(8, 30),
                List.of(new LoadStep.Open(20, Duration.ofSeconds(10))));

        ExperimentResult result = new LabRunner(HOME, JavaRuntime.current(), RunProgress.SILENT)
                .run(
                        List.of(shortRun),
                        RunOptions.defaults(out).withVariants(List.of("littles-law-pool", "common-pool-own-cpus")))
                .result()
                .experiments()
                .getFirst();

        assertThat(result.variants()).extracting(VariantResult::status).containsOnly(VariantStatus.OK);
        double d = fanOut.downstreamLatency().toMillis() * SCALE;
        for (VariantResult variant : result.variants()) {
            StepResult step = variant.steps().getFirst();
            assertThat(step.client().requests().sent()).isEqualTo(200);
            assertThat(step.client().arrivals().achievedPerSecond())
                    .as(variant.name() + " arrival rate")
                    .isBetween(98.0, 102.0);
            assertThat(step.client().timeline().points())
                    .extracting(TimelinePoint::started)
                    .containsOnly(20L, 0L);
            assertThat(step.service().downstream().meanMillis())
                    .as("the metadata service's own time per call")
                    .isBetween(d, 1.2 * d);
        }

        StepResult sized = variant(result, "littles-law-pool").steps().getFirst();
        assertThat(sized.client().requests().failed()).isZero();
        // 200 answers over the 2 s of arrivals plus the last one's latency
        assertThat(sized.client().throughputPerSecond())
                .isBetween(
                        0.9 * sized.bound().littlesLawPerSecond(),
                        1.02 * sized.bound().littlesLawPerSecond());
        // no request waits for a pool thread: the typical one takes D plus the request path, which on
        // a cold 2-core machine can be tens of ms, so the bound is 2 D rather than a tight 1.3 D
        assertThat(sized.client().latencyMillis().p50()).isLessThan(2 * d);
        // the probe's counters reach the result where /proc is there to count them: each answer waited at
        // least once for its two calls, a voluntary switch of its servlet thread; the JIT's CPU is a figure too
        if (Files.isDirectory(Path.of("/proc/self/task"))) {
            assertThat(sized.service().process().voluntaryContextSwitches().orElseThrow())
                    .isGreaterThanOrEqualTo(sized.service().process().serverRequests());
            // the service times a request after its answer is written: the last may be timed after the step's reading
            assertThat(sized.service().process().serverRequests()).isBetween(198L, 200L);
            assertThat(sized.service().process().jitCpuSeconds()).isPresent();
        }

        VariantResult own = variant(result, "common-pool-own-cpus");
        int parallelism = ((Number) own.sizing().entries().get("commonPoolParallelism")).intValue();
        StepResult collapsed = own.steps().getFirst();
        double capacity = parallelism / (2 * d / 1000);
        assertThat(collapsed.bound().littlesLawPerSecond())
                .isCloseTo(Math.min(100, capacity), org.assertj.core.api.Assertions.within(1e-6));
        assertThat(collapsed.client().throughputPerSecond())
                .as("against " + collapsed.bound().littlesLawModel())
                .isBetween(
                        0.6 * collapsed.bound().littlesLawPerSecond(),
                        1.02 * collapsed.bound().littlesLawPerSecond());
        assertThat(collapsed.client().requests().failedByKind()).containsKey("TIMEOUT");
        assertThat(collapsed.service().threads().peakByPool().get("common-pool"))
                .isEqualTo(parallelism);
    }
}
