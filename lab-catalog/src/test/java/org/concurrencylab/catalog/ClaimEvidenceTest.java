package org.concurrencylab.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.LatencyMillis;
import org.concurrencylab.results.LoadPlan;
import org.concurrencylab.results.ProcessUsage;
import org.concurrencylab.results.Requests;
import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.Threads;
import org.concurrencylab.results.Timeline;
import org.concurrencylab.results.TimelinePoint;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.VariantStatus;
import org.junit.jupiter.api.Test;

/** Claims judged on hand-made measurements, so that a verdict's rule is pinned down apart from any run. */
class ClaimEvidenceTest {

    private static final Duration D = Duration.ofMillis(150);

    @Test
    void boundedElasticIsJudgedByItsCapAndTheIdleThreadsExplainTheRest() {
        ClaimResult capped = boundedElasticClaim(81, 410);
        ClaimResult overTheCap = boundedElasticClaim(120, 410);

        assertThat(capped.status()).isEqualTo("reproduced");
        assertThat(capped.evidence()).contains("61.50 per D with a cap of 80 threads")
                .contains("14 of the pool's threads (its evictor among them) were idle while 67 held requests");
        assertThat(overTheCap.status()).isEqualTo("not reproduced");
    }

    @Test
    void cpuBoundKeepsTheCoresBusyByTheCpuEachRequestCostInItsOwnJvm() {
        // 30 requests of a nominal 300 ms on 2 cores: 10 s of CPU over 5 s is both cores busy, even though
        // the throughput is only 90 % of the calibrated 2 / 0.3 s, because this JVM ran the work slower
        ClaimResult busy = cpuBusyClaim(10.0);
        ClaimResult halfIdle = cpuBusyClaim(7.0);

        assertThat(busy.status()).isEqualTo("reproduced");
        assertThat(busy.evidence()).contains("no-scheduler 100 % (90 % of the calibrated work's bound)");
        assertThat(halfIdle.status()).isEqualTo("not reproduced");
    }

    @Test
    void batchesOfTenAreTheLongPausesNotEveryEmptyBin() {
        // measured: one of each ten ended two bins before the other nine, the next ten five bins later
        ClaimResult leadingOne = batchesClaim(1, 0, 0, 9, 0, 0, 0, 0, 0, 1, 0, 0, 9, 0, 0, 0, 0, 0, 1, 0, 0, 9);
        ClaimResult steady = batchesClaim(4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 4, 0, 2);

        assertThat(leadingOne.status()).isEqualTo("reproduced");
        assertThat(leadingOne.evidence()).isEqualTo("answers grouped in time as [10, 10, 10]");
        assertThat(steady.status()).isEqualTo("not reproduced");
        assertThat(steady.evidence()).isEqualTo("answers grouped in time as [4, 4, 4, 4, 4, 4, 4, 2]");
    }

    private static ClaimResult batchesClaim(long... endedPerBin) {
        List<TimelinePoint> points = new java.util.ArrayList<>();
        for (int bin = 0; bin < endedPerBin.length; bin++) {
            points.add(new TimelinePoint(bin, 0, endedPerBin[bin], 0, 0, 0, 0, Map.of()));
        }
        StepResult atOnce = StepResult.from(step("30x1", LoadPlan.closed(30, 1, 6_000, "keep-alive"), 6.0, 3000, 5.0, 6.667,
                        new Threads(40, Map.of(), List.of(), 0, Map.of()), 10))
                .timeline(new Timeline(150, points))
                .build();
        VariantResult variant = new VariantResult("no-scheduler", "s", "seed", 2, VariantStatus.OK, null,
                Map.of("schedulerThreads", 0), Map.of(), List.of(atOnce));
        return claim("cpu-bound", "no-scheduler-batches-of-ten").evaluate(new Measurements(List.of(variant), D, 2));
    }

    private static ClaimResult boundedElasticClaim(int peakThreads, double throughput) {
        StepResult heavy = step("100x10", LoadPlan.closed(100, 10, 30_000, "keep-alive"), throughput, 185, 1000 / throughput, 512.8,
                new Threads(peakThreads + 20, Map.of("bounded-elastic", peakThreads), List.of(), 30,
                        Map.of("bounded-elastic", Map.of("IDLE", 14.0, "SLEEPING", 67.0))), 1.0);
        VariantResult variant = new VariantResult("webflux-netty-bounded-elastic", "s", "modern", 8, VariantStatus.OK, null,
                Map.of("boundedElasticMaxThreads", 80), Map.of(), List.of(heavy));
        return claim("blocking-io", "bounded-elastic-capped").evaluate(new Measurements(List.of(variant), D, 2));
    }

    private static ClaimResult cpuBusyClaim(double cpuSeconds) {
        StepResult atOnce = step("30x1", LoadPlan.closed(30, 1, 6_000, "keep-alive"), 6.0, 3000, 5.0, 6.667,
                new Threads(40, Map.of(), List.of(), 0, Map.of()), cpuSeconds);
        VariantResult variant = new VariantResult("no-scheduler", "s", "seed", 2, VariantStatus.OK, null,
                Map.of("schedulerThreads", 0), Map.of(), List.of(atOnce));
        return claim("cpu-bound", "cpus-kept-busy").evaluate(new Measurements(List.of(variant), D, 2));
    }

    private static StepResult step(String load, LoadPlan plan, double throughput, double mean, double elapsedSeconds,
                                   double bound, Threads threads, double cpuSeconds) {
        long requests = Math.round(throughput * elapsedSeconds);
        return StepResult.custom(load)
                .plan(plan)
                .client(new Requests(requests, requests, 0, Map.of()), throughput, new LatencyMillis(mean, mean, mean, mean, mean, mean),
                        elapsedSeconds, 1)
                .littlesLaw(bound, "m", bound)
                .threads(threads)
                .process(new ProcessUsage(cpuSeconds, 1, 1, 1, 0.1, requests, mean))
                .timeline(new Timeline(150, List.of()))
                .requestLog("x.csv")
                .build();
    }

    private static Claim claim(String experiment, String id) {
        return Catalog.experiment(experiment).orElseThrow().claims().stream()
                .filter(claim -> claim.id().equals(id)).findFirst().orElseThrow();
    }
}
