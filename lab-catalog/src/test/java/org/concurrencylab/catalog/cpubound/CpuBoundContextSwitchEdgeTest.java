package org.concurrencylab.catalog.cpubound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalLong;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Judge;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.junit.jupiter.api.Test;

/**
 * {@code parallel-4-fewer-context-switches} at its edge: a scheduler no larger than the CPUs (parallel-4 from 4
 * CPUs, parallel-cpus below) with one involuntary switch fewer than Tomcat's 10 threads reproduces it, as many
 * does not, and a host that counts none cannot decide it.
 */
class CpuBoundContextSwitchEdgeTest {

    private static final Experiment CPU_BOUND = Catalog.experiment("cpu-bound").orElseThrow();

    @Test
    void onFourCpusParallel4IsTheSchedulerWithinTheCores() {
        assertThat(verdict(4, CpuBoundExperiment.PARALLEL_4, 999, 1_000).status())
                .isEqualTo("reproduced");
        assertThat(verdict(4, CpuBoundExperiment.PARALLEL_4, 1_000, 1_000).status())
                .isEqualTo("not reproduced");
    }

    @Test
    void onTwoCpusParallelCpusIsAndParallel4IsShownBeside() {
        ClaimResult fewer = verdict(2, CpuBoundExperiment.PARALLEL_CPUS, 999, 1_000);
        assertThat(fewer.status()).isEqualTo("reproduced");
        assertThat(fewer.evidence())
                .startsWith(
                        "999 involuntary context switches with parallel-cpus against 1000 with 10 threads on 2 CPUs")
                .contains("parallel-4 is more threads than this machine's cores, and switched 1500 times");
        assertThat(verdict(2, CpuBoundExperiment.PARALLEL_CPUS, 1_000, 1_000).status())
                .isEqualTo("not reproduced");
    }

    @Test
    void aHostWithoutTheCountsCannotDecideIt() {
        assertThat(verdict(2, CpuBoundExperiment.PARALLEL_CPUS, -1, 1_000).status())
                .isEqualTo("not applicable");
    }

    /** The scheduler's and the 10 threads' involuntary switches; a negative count is one the host did not count. */
    private static ClaimResult verdict(int cpus, String scheduler, long schedulerSwitches, long tenSwitches) {
        List<VariantResult> variants = new java.util.ArrayList<>(
                List.of(variant(scheduler, schedulerSwitches), variant(CpuBoundExperiment.NO_SCHEDULER, tenSwitches)));
        if (!scheduler.equals(CpuBoundExperiment.PARALLEL_4)) {
            variants.add(variant(CpuBoundExperiment.PARALLEL_4, 1_500));
        }
        Measurements measurements = Measurements.of(CPU_BOUND, variants, CPU_BOUND.downstreamLatency(), cpus);
        return Judge.claim(CPU_BOUND, "parallel-4-fewer-context-switches", measurements);
    }

    private static VariantResult variant(String name, long involuntary) {
        StepResult step = Judge.closedStep(CPU_BOUND, CpuBoundExperiment.AT_ONCE, 2, 5)
                .process(Judge.process(
                        10,
                        OptionalLong.of(100),
                        involuntary < 0 ? OptionalLong.empty() : OptionalLong.of(involuntary),
                        CpuBoundExperiment.AT_ONCE.totalRequests()))
                .build();
        return Judge.variant(name, step);
    }
}
