package org.concurrencylab.report.section;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.report.ExperimentResults;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

class FidelitySummaryTest {

    @Test
    void givesEachStepsSpreadOverTheRunsAndHowManyRunsAgreedOnEachClaim() {
        List<RunResult> runs = List.of(
                run(97, 410, false, "reproduced"),
                run(99, 400, false, "reproduced"),
                run(90, 440, true, "not decided"));

        String summary = FidelitySummary.render(runs);

        assertThat(summary).contains("Fidelity over 3 runs");
        // shares of the bound 100/s: 90, 97, 99 %; p95 over D = 400 ms: 1.00, 1.03, 1.10
        assertThat(summary)
                .containsPattern(
                        "mvc-tomcat-200 100x10\\s+3\\s+90.0 %\\s+97.0 %\\s+99.0 %\\s+1.00\\s+1.03\\s+1.10\\s+1 of 3");
        assertThat(summary).containsPattern("tomcat-200-scales\\s+not decided=1, reproduced=2\\s+2 of 3");
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(org.concurrencylab.report.document.Figures.median(List.of(4.0, 1.0, 3.0, 2.0)))
                .isEqualTo(2.5);
        assertThat(org.concurrencylab.report.document.Figures.median(List.of(5.0)))
                .isEqualTo(5.0);
    }

    private static RunResult run(double throughput, double p95, boolean machineBound, String verdict) {
        MachineUsage machine = MachineUsage.custom()
                .cores(2)
                .idleShare(OptionalDouble.of(0.5))
                .cpuMillisPerRequest(0.5)
                .cpuBoundPerSecond(OptionalDouble.of(99))
                .cpuBoundModel("m")
                .machineShare(machineBound ? 0.08 : 0.01)
                .verdict(machineBound ? MachineUsage.MACHINE_BOUND : MachineUsage.CLEAN)
                .why(machineBound ? "the CPU" : "")
                .build();
        StepResult step = StepResult.custom("100x10")
                .plan(LoadPlan.closed(100, 10, 12000, "new-per-request"))
                .client(
                        new Requests(1000, 1000, 0, Map.of()),
                        throughput,
                        new LatencyMillis(400, 400, 400, p95, p95, p95),
                        10,
                        40)
                .littlesLaw(100, "m", 100)
                .threads(new Threads(200, Map.of(), List.of(), 0, Map.of()))
                .process(ProcessUsage.custom()
                        .cpuSeconds(1)
                        .heapPeakBytes(1)
                        .voluntaryContextSwitches(OptionalLong.of(1))
                        .involuntaryContextSwitches(OptionalLong.of(1))
                        .jitCpuSeconds(OptionalDouble.of(0))
                        .serverRequests(1000)
                        .serverMeanMillis(400)
                        .build())
                .timeline(new Timeline(400, List.of()))
                .machine(machine)
                .requestLog("x.csv")
                .build();
        VariantResult variant = VariantResult.custom("mvc-tomcat-200")
                .summary("s")
                .origin("seed")
                .cpus(8)
                .steps(List.of(step))
                .build();
        ExperimentResult experiment = ExperimentResults.blockingIo(0.4)
                .variants(List.of(variant))
                .claims(List.of(new ClaimResult("tomcat-200-scales", "text", verdict, "e")))
                .build();
        return new RunResult(
                RunInfo.custom("r")
                        .scale(0.4)
                        .machineCpus(2)
                        .platform("25", "4.1.1", "Linux")
                        .planned(List.of("blocking-io"), "a")
                        .finishedAt("b")
                        .build(),
                List.of(experiment));
    }
}
