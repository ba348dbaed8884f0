package org.concurrencylab.catalog.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Judge;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Thresholds;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

/**
 * The fan-out claims decided on p95 alone, at their edges: Tomcat at 8 workers "the same" as 200 within a
 * quarter either way; the pool of 400 "near D" (1.15 D, no failure); the lab's and the modern fixes "as well as
 * the pool of 400" (its p95 + 15 %, or 1.15 D, whichever is looser).
 */
class FanOutUnderLoadEdgeTest {

    private static final Experiment FAN_OUT = Catalog.experiment("fan-out").orElseThrow();
    private static final double D = FAN_OUT.downstreamLatency().toNanos() / 1e6;

    @Test
    void tomcatAt8IsTheSameWithinAQuarterEitherWay() {
        assertThat(cappedAt(1.249)).isEqualTo("reproduced");
        assertThat(cappedAt(0.751)).isEqualTo("reproduced");
        assertThat(cappedAt(1.251)).isEqualTo("not reproduced");
        assertThat(cappedAt(0.749)).isEqualTo("not reproduced");
    }

    /** tomcat-8-same-as-200 where 8 workers' p95 is {@code ratio} times the 200's. */
    private static String cappedAt(double ratio) {
        double uncapped = 50_000;
        return verdict(
                "tomcat-8-same-as-200",
                Map.of(FanOutExperiment.COMMON_POOL, uncapped, FanOutExperiment.COMMON_POOL_TOMCAT_8, ratio * uncapped),
                0);
    }

    @Test
    void thePoolOf400ServesNearDWithoutAFailure() {
        String claim = "pool-of-400-fixes-it";
        double edge = FanOutThresholds.P95_NEAR_D * D;
        assertThat(verdict(claim, Map.of(FanOutExperiment.DEDICATED_POOL_400, edge - 1), 0))
                .isEqualTo("reproduced");
        assertThat(verdict(claim, Map.of(FanOutExperiment.DEDICATED_POOL_400, edge + 1), 0))
                .isEqualTo("not reproduced");
        assertThat(verdict(claim, Map.of(FanOutExperiment.DEDICATED_POOL_400, edge - 1), 1))
                .isEqualTo("not reproduced");
    }

    @Test
    void eachFixDoesAsWellAsThePoolOf400OrNearD() {
        Map<String, String> fixes = Map.of(
                "virtual-threads-fix-it", FanOutExperiment.VIRTUAL_THREADS,
                "littles-law-pool-is-enough", FanOutExperiment.LITTLES_LAW_POOL,
                "webclient-fixes-it", FanOutExperiment.WEBCLIENT_ZIP);
        fixes.forEach((claim, fix) -> {
            double pool = 1.3 * D;
            double edge = FanOutThresholds.AS_WELL_AS_POOL_OF_400 * pool;
            assertThat(verdict(claim, Map.of(FanOutExperiment.DEDICATED_POOL_400, pool, fix, edge - 1), 0))
                    .as(claim)
                    .isEqualTo("reproduced");
            assertThat(verdict(claim, Map.of(FanOutExperiment.DEDICATED_POOL_400, pool, fix, edge + 1), 0))
                    .as(claim)
                    .isEqualTo("not reproduced");
            // a pool of 400 well under D leaves the fix the 1.15 D every near-D claim allows
            assertThat(verdict(
                            claim,
                            Map.of(FanOutExperiment.DEDICATED_POOL_400, 0.5 * D, fix, Thresholds.P95_NEAR_D * D - 1),
                            0))
                    .as(claim)
                    .isEqualTo("reproduced");
            assertThat(verdict(
                            claim,
                            Map.of(FanOutExperiment.DEDICATED_POOL_400, 0.5 * D, fix, Thresholds.P95_NEAR_D * D + 1),
                            0))
                    .as(claim)
                    .isEqualTo("not reproduced");
        });
    }

    /** Each variant with the same step under load, its p95 as given, the last one named with {@code failed} failures. */
    private static String verdict(String claim, Map<String, Double> p95ByVariant, long failed) {
        List<VariantResult> variants = new ArrayList<>();
        p95ByVariant.forEach((name, p95) -> variants.add(Judge.variant(name, underLoad(p95, failed))));
        Measurements measurements = Measurements.of(FAN_OUT, variants, FAN_OUT.downstreamLatency(), 2);
        return Judge.claim(FAN_OUT, claim, measurements).status();
    }

    private static StepResult underLoad(double p95Millis, long failed) {
        return Judge.openStep(FAN_OUT, FanOutExperiment.UNDER_LOAD, p95Millis, p95Millis, failed)
                .threads(new Threads(40, Map.of("fan-out-pool", 20), List.of(), 0, Map.of(), null, null))
                .build();
    }
}
