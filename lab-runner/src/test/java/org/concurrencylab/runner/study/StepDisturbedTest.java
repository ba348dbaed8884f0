package org.concurrencylab.runner.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.CoreSpeed;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.study.Study;
import org.junit.jupiter.api.Test;

/**
 * A study measures a step again, up to three times in all, where something besides the application moved its
 * figures: its JIT compilers still busy, or a host that ran the cores slow; a step that is only busy is measured
 * once.
 */
class StepDisturbedTest {

    private static final double ELAPSED_SECONDS = 4;

    @Test
    void aHostThatRanTheCoresSlowDisturbsAStep() {
        assertThat(StepDisturbance.of(step(0, slowed(1.30))))
                .hasValue("the host ran the cores 1.30 times slower than usual (at most 1.25)");
    }

    @Test
    void aJitStillCompilingDisturbsAStep() {
        assertThat(StepDisturbance.of(step(0.11 * ELAPSED_SECONDS, clean())))
                .hasValue("the JIT took 11 % of a core (at most 10 %)");
    }

    /** The lone requests that time R0 are judged by the same limit as a step: more than it, and they are timed again. */
    @Test
    void theJitIsWhatMovedAMeasurementOnlyAboveItsLimit() {
        assertThat(StepDisturbance.jitBusy(0.93)).hasValue("the JIT took 93 % of a core (at most 10 %)");
        assertThat(StepDisturbance.jitBusy(0.10)).isEmpty();
        // past the limit by less than the figure's own decimals show: written so that it reads as past it
        assertThat(StepDisturbance.jitBusy(0.104)).hasValue("the JIT took 10.4 % of a core (at most 10 %)");
        assertThat(StepDisturbance.measuredAgain(
                        "The study",
                        "its lone requests (R0)",
                        List.of(StepDisturbance.jitBusy(0.76).orElseThrow(), StepDisturbance.UNDISTURBED)))
                .isEqualTo(
                        "The study measured its lone requests (R0) again: the JIT took 76 % of a core (at most 10 %) "
                                + "the first time; nothing but the application moved it the second.");
    }

    @Test
    void aStepTheMachineBoundByItsOwnCpuOnlyIsNotMeasuredAgain() {
        MachineUsage busy = MachineUsage.custom()
                .cores(2)
                .machineShare(0.2)
                .verdict(MachineUsage.MACHINE_BOUND)
                .why("this machine's CPU takes 20 % of the figure by the model")
                .coreSpeed(new CoreSpeed(1, 1.02, 40))
                .build();
        assertThat(StepDisturbance.of(step(0.09 * ELAPSED_SECONDS, busy))).isEmpty();
        assertThat(StepDisturbance.of(step(0, clean()))).isEmpty();
    }

    /** Steps of 4 s and a quiet second after each, in a budget of 30 s: a step measured again takes no later one's place. */
    @Test
    void aStepIsMeasuredAgainOnlyWhereEveryStepAfterItStillFitsTheBudget() {
        Study study = Study.custom(Path.of("app.jar"))
                .users(List.of(1, 2, 4))
                .stepLength(Duration.ofSeconds(4))
                .budget(Duration.ofSeconds(30))
                .build();
        LoadStep first = study.steps().getFirst();
        List<LoadStep> after = study.steps().subList(1, 3);
        // again and the two after it: 3 x (4 + 1) = 15 s
        assertThat(new StudyBudget(study, secondsAgo(14)).fitsAgain(first, after, Duration.ZERO))
                .isTrue();
        assertThat(new StudyBudget(study, secondsAgo(16)).fitsAgain(first, after, Duration.ZERO))
                .isFalse();
        assertThat(new StudyBudget(study, secondsAgo(16)).fitsAgain(first, List.of(), Duration.ZERO))
                .as("the last step: only itself again")
                .isTrue();
        assertThat(new StudyBudget(study, secondsAgo(14)).fitsAgain(first, after, Duration.ofSeconds(5)))
                .as("a wait for the cores' usual speed counts in the budget")
                .isFalse();
    }

    @Test
    void aFindingSaysWhatMovedEachMeasurementInOrder() {
        String slowed = "the host ran the cores 1.31 times slower than usual (at most 1.25)";
        assertThat(StepDisturbance.measuredAgain("The study", "12 users", List.of(slowed, StepDisturbance.UNDISTURBED)))
                .isEqualTo("The study measured 12 users again: " + slowed + " the first time; "
                        + StepDisturbance.UNDISTURBED + " the second.");
        assertThat(StepDisturbance.measuredAgain("as-is", "12 users", List.of(slowed, slowed, slowed)))
                .isEqualTo("as-is measured 12 users 3 times: " + slowed + " the first time; " + slowed + " the second; "
                        + slowed + " the third.");
    }

    private static long secondsAgo(int seconds) {
        return System.nanoTime() - Duration.ofSeconds(seconds).toNanos();
    }

    private static MachineUsage slowed(double slowdown) {
        return MachineUsage.custom()
                .cores(2)
                .verdict(MachineUsage.MACHINE_BOUND)
                .why(MachineUsage.CORES_SLOWED + " 1.30 times their usual CPU time for the same work in this run")
                .coreSpeed(new CoreSpeed(1, slowdown, 40))
                .build();
    }

    private static MachineUsage clean() {
        return MachineUsage.custom()
                .cores(2)
                .verdict(MachineUsage.CLEAN)
                .coreSpeed(new CoreSpeed(1, 1.01, 40))
                .build();
    }

    private static StepResult step(double jitCpuSeconds, MachineUsage machine) {
        return StepResult.custom("4 users for 4s")
                .client(
                        new Requests(400, 400, 0, Map.of()),
                        100,
                        new LatencyMillis(40, 40, 41, 42, 43, 45),
                        ELAPSED_SECONDS,
                        4)
                .process(ProcessUsage.custom()
                        .cpuSeconds(1)
                        .jitCpuSeconds(OptionalDouble.of(jitCpuSeconds))
                        .build())
                .machine(machine)
                .build();
    }
}
