package org.concurrencylab.catalog.cpubound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalInt;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.JudgedAgain;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.junit.jupiter.api.Test;

/**
 * A run written before a claim's rule changed, judged again: the claim says what today's rule makes of the
 * stored figures on the machine the run recorded, beside what the run said; a study has nothing to judge.
 */
class JudgedAgainTest {

    private static final Experiment CPU_BOUND = Catalog.experiment("cpu-bound").orElseThrow();

    @Test
    void aClaimWhoseRuleChangedSaysWhatTheRunsFiguresGiveNow() {
        JudgedAgain.Judged judged = JudgedAgain.of(run(OptionalInt.of(2)));

        assertThat(judged.skipped()).containsExactly("my-application");
        JudgedAgain.JudgedExperiment cpuBound = judged.experiments().getFirst();
        JudgedAgain.Verdicts parallel = verdicts(cpuBound, "parallel-2-beats-4");
        assertThat(parallel.then()).hasValue("reproduced");
        assertThat(parallel.now().status()).isEqualTo("not decided");
        assertThat(parallel.now().evidence())
                .startsWith("needs more hardware threads than cores; this machine has 2 hardware threads on 2 cores");
        assertThat(parallel.changed()).isTrue();
        JudgedAgain.Verdicts unwritten = verdicts(cpuBound, "parallel-4-all-succeed");
        assertThat(unwritten.then()).isEmpty();
        assertThat(unwritten.changed()).isTrue();
    }

    @Test
    void aRunThatDidNotRecordItsCoresCannotDecideAClaimOnThem() {
        JudgedAgain.Verdicts parallel =
                verdicts(JudgedAgain.of(run(OptionalInt.empty())).experiments().getFirst(), "parallel-2-beats-4");
        assertThat(parallel.now().evidence()).contains("this machine has 2 hardware threads, cores unknown");
    }

    private static JudgedAgain.Verdicts verdicts(JudgedAgain.JudgedExperiment experiment, String id) {
        return experiment.claims().stream()
                .filter(claim -> claim.now().id().equals(id))
                .findFirst()
                .orElseThrow();
    }

    private static RunResult run(OptionalInt cores) {
        ExperimentResult cpuBound = ExperimentResult.custom(CPU_BOUND.name(), CPU_BOUND.title())
                .downstreamLatencyMillis(CPU_BOUND.downstreamLatency().toNanos() / 1e6)
                .variants(List.of(
                        CpuBoundHyperthreadingTest.variant(CpuBoundExperiment.PARALLEL_2, 2_853),
                        CpuBoundHyperthreadingTest.variant(CpuBoundExperiment.PARALLEL_4, 5_375)))
                .claims(List.of(new ClaimResult("parallel-2-beats-4", "", "reproduced", "")))
                .build();
        ExperimentResult study =
                ExperimentResult.custom("my-application", "a study").build();
        RunInfo info = RunInfo.custom("then").machineCpus(2).machineCores(cores).build();
        return new RunResult(info, List.of(cpuBound, study), List.of());
    }
}
