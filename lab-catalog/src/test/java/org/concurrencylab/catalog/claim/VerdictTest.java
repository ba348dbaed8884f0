package org.concurrencylab.catalog.claim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

/** A claim decided on a machine-bound step, or on a difference inside the noise, says so. */
class VerdictTest {

    private static final StepResult CLEAN = step(false);
    private static final StepResult MACHINE_BOUND = step(true);

    @Test
    void onCleanStepsAClaimIsReproducedOrNot() {
        assertThat(Verdict.onSteps(true, "98 %", CLEAN).status()).isEqualTo(Verdict.Status.REPRODUCED);
        assertThat(Verdict.onSteps(false, "80 %", CLEAN).status()).isEqualTo(Verdict.Status.NOT_REPRODUCED);
    }

    @Test
    void onAMachineBoundStepAFailureIsNotDecidedWithTheReasonAndASuccessNamesTheStep() {
        Verdict failed = Verdict.onSteps(false, "80 %", CLEAN, MACHINE_BOUND);
        assertThat(failed.status()).isEqualTo(Verdict.Status.NOT_DECIDED);
        assertThat(failed.evidence())
                .startsWith("80 %")
                .contains("machine-bound step (100x10: this machine's CPU takes 9 %");

        Verdict held = Verdict.onSteps(true, "97 %", MACHINE_BOUND);
        assertThat(held.status()).isEqualTo(Verdict.Status.REPRODUCED);
        assertThat(held.evidence()).isEqualTo("97 %; held on a machine-bound step (100x10)");
    }

    @Test
    void aPartNoMachineCanMoveDecidesOnItsOwn() {
        // fewer threads than claimed is not the machine's doing, whatever the step
        assertThat(Verdict.structuralThenOnSteps(false, true, "x1.3 the threads", MACHINE_BOUND)
                        .status())
                .isEqualTo(Verdict.Status.NOT_REPRODUCED);
        assertThat(Verdict.structuralThenOnSteps(true, false, "x1.6 the threads, 80 %", MACHINE_BOUND)
                        .status())
                .isEqualTo(Verdict.Status.NOT_DECIDED);
    }

    @Test
    void aFigureFurtherFromItsThresholdThanTheMachineCouldMoveItIsDecidedEvenOnAMachineBoundStep() {
        // the machine took at most 9 %: a figure 43 % short of its threshold is not its doing
        Verdict far = Verdict.onStepsAtDistance(false, 0.43, "x 0.57 against x 2", MACHINE_BOUND);
        assertThat(far.status()).isEqualTo(Verdict.Status.NOT_REPRODUCED);
        assertThat(far.evidence()).contains("took at most 9.0 %").contains("43 % from the claim's threshold");
        // 5 % short of it could be
        assertThat(Verdict.onStepsAtDistance(false, 0.05, "x 1.9 against x 2", MACHINE_BOUND)
                        .status())
                .isEqualTo(Verdict.Status.NOT_DECIDED);
    }

    @Test
    void aFigureAlreadyBelowWhatTheMachineCouldOnlyRaiseIsDecidedOnItsMachineBoundStep() {
        // fewer errors, or less latency, than the claim asks: a busier machine would only have added to them
        Verdict below = Verdict.shortOfWhatTheMachineCanOnlyRaise(
                false, true, "0.1 % failed against a third of 10 %", MACHINE_BOUND, CLEAN);
        assertThat(below.status()).isEqualTo(Verdict.Status.NOT_REPRODUCED);
        assertThat(below.evidence()).contains("only adds latency and timeouts");
        // above it, the machine may be what put it there
        assertThat(Verdict.shortOfWhatTheMachineCanOnlyRaise(
                                false, false, "9 % against a third of 10 %", MACHINE_BOUND, CLEAN)
                        .status())
                .isEqualTo(Verdict.Status.NOT_DECIDED);
        // and where the figure it is held against was machine-bound too, nothing can be said
        assertThat(Verdict.shortOfWhatTheMachineCanOnlyRaise(false, true, "", MACHINE_BOUND, MACHINE_BOUND)
                        .status())
                .isEqualTo(Verdict.Status.NOT_DECIDED);
    }

    @Test
    void aDifferenceThatTheModelPutsInsideTheNoiseIsNotDecided() {
        Verdict inside = Verdict.beyondNoise(true, 0.06, 0.07, "2475 against 2587 ms");
        assertThat(inside.status()).isEqualTo(Verdict.Status.NOT_DECIDED);
        assertThat(inside.evidence())
                .contains("2475 against 2587 ms")
                .contains("6 % difference, inside the 7 % run-to-run noise");
        assertThat(Verdict.beyondNoise(false, 0.20, 0.07, "").status()).isEqualTo(Verdict.Status.NOT_REPRODUCED);
    }

    @Test
    void aLowerFigureIsDecidedOnlyBeyondWhatItMovesFromRunToRun() {
        Verdict inside = Verdict.lowerBeyondNoise(-0.009, 0.015, "304.7 against 307.5 ms");
        assertThat(inside.status()).isEqualTo(Verdict.Status.NOT_DECIDED);
        assertThat(inside.evidence()).startsWith("304.7 against 307.5 ms").contains("0.9 % apart, inside the 1.5 %");
        assertThat(Verdict.lowerBeyondNoise(0.009, 0.015, "").status()).isEqualTo(Verdict.Status.NOT_DECIDED);
        assertThat(Verdict.lowerBeyondNoise(-0.02, 0.015, "").status()).isEqualTo(Verdict.Status.REPRODUCED);
        assertThat(Verdict.lowerBeyondNoise(0.02, 0.015, "").status()).isEqualTo(Verdict.Status.NOT_REPRODUCED);
        // higher beyond the noise, on a machine-bound step: the machine may have made it so
        assertThat(Verdict.lowerBeyondNoise(0.02, 0.015, "", MACHINE_BOUND).status())
                .isEqualTo(Verdict.Status.NOT_DECIDED);
    }

    private static StepResult step(boolean machineBound) {
        MachineUsage machine = MachineUsage.custom()
                .cores(2)
                .idleShare(OptionalDouble.of(0.8))
                .cpuMillisPerRequest(1.5)
                .cpuBoundPerSecond(OptionalDouble.of(230))
                .cpuBoundModel("model")
                .machineShare(machineBound ? 0.09 : 0.01)
                .verdict(machineBound ? MachineUsage.MACHINE_BOUND : MachineUsage.CLEAN)
                .why(machineBound ? "this machine's CPU takes 9 % of the figure by the model" : "")
                .build();
        return StepResult.custom("100x10")
                .plan(LoadPlan.closed(100, 10, 12000, "new-per-request"))
                .client(
                        new Requests(1000, 1000, 0, Map.of()),
                        240,
                        new LatencyMillis(410, 405, 410, 415, 420, 430),
                        4.2,
                        98)
                .littlesLaw(250, "m", 250)
                .threads(new Threads(120, Map.of(), List.of(), 0, Map.of()))
                .process(ProcessUsage.custom()
                        .cpuSeconds(1)
                        .heapPeakBytes(1)
                        .voluntaryContextSwitches(OptionalLong.of(1))
                        .involuntaryContextSwitches(OptionalLong.of(1))
                        .jitCpuSeconds(OptionalDouble.of(0))
                        .serverRequests(1000)
                        .serverMeanMillis(405)
                        .build())
                .timeline(new Timeline(400, List.of()))
                .machine(machine)
                .requestLog("x.csv")
                .build();
    }
}
