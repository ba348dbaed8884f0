package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.ProcessCpu;
import org.concurrencylab.runner.study.StudyStops;
import org.junit.jupiter.api.Test;

/**
 * An application held to one of two cores fills it while the machine reads half idle: the rise stops on the
 * application's own cores.
 */
class ConfinedCoresBusyTest {

    private static StepResult step(double serviceCpuSeconds, double elapsedSeconds) {
        return StepResult.custom("4 users for 4s")
                .client(new Requests(100, 100, 0, Map.of()), 25, new LatencyMillis(1, 1, 1, 1, 1, 1), elapsedSeconds, 1)
                .machine(MachineUsage.custom()
                        .cores(2)
                        .idleShare(OptionalDouble.of(0.45))
                        .processes(List.of(
                                new ProcessCpu(
                                        "driver",
                                        "lab",
                                        OptionalDouble.of(0.4),
                                        0,
                                        OptionalDouble.of(0.1),
                                        OptionalDouble.empty()),
                                new ProcessCpu(
                                        "service",
                                        "app",
                                        OptionalDouble.of(serviceCpuSeconds),
                                        0,
                                        OptionalDouble.of(1),
                                        OptionalDouble.empty())))
                        .cpuMillisPerRequest(1.1)
                        .cpuBoundModel("")
                        .machineShare(0)
                        .verdict(MachineUsage.CLEAN)
                        .build())
                .build();
    }

    @Test
    void theApplicationsOneCoreFullEndsTheRiseThoughTheMachineIsHalfIdle() {
        assertThat(StudyStops.confinedCoresBusy(step(3.9, 4), 1))
                .hasValueSatisfying(reason ->
                        assertThat(reason).isEqualTo("the application's 1 of this machine's cores were 98 % busy"));
        assertThat(StudyStops.stopReason(step(3.9, 4)))
                .as("the machine-wide rule sees 55 % busy")
                .isEmpty();
    }

    @Test
    void aCoreLessThanNineTenthsBusyDoesNot() {
        assertThat(StudyStops.confinedCoresBusy(step(3.4, 4), 1)).isEmpty();
    }
}
