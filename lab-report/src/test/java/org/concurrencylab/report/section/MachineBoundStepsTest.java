package org.concurrencylab.report.section;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.OptionalDouble;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.CoreSpeed;
import org.concurrencylab.results.usage.MachineUsage;
import org.junit.jupiter.api.Test;

class MachineBoundStepsTest {

    @Test
    void theStepCellSaysHowSlowTheHostRanTheCoresOnlyWhereEnoughSamplesSaySoClearly() {
        assertThat(MachineBoundSteps.verdict(step(new CoreSpeed(1.3, 1.31, 40))))
                .isEqualTo("clean, cores x1.31");
        assertThat(MachineBoundSteps.verdict(step(new CoreSpeed(1.0, 1.04, 400))))
                .as("the meter's own spread")
                .isEqualTo("clean");
        assertThat(MachineBoundSteps.verdict(step(new CoreSpeed(1.15, 1.15, 5))))
                .as("five samples")
                .isEqualTo("clean");
        assertThat(MachineBoundSteps.verdict(step(null)))
                .as("results before the meter")
                .isEqualTo("clean");
    }

    private static StepResult step(CoreSpeed speed) {
        return StepResult.custom("30x1")
                .client(new Requests(30, 30, 0, Map.of()), 5, new LatencyMillis(1, 1, 1, 1, 1, 1), 6, 5)
                .machine(MachineUsage.custom()
                        .cores(2)
                        .idleShare(OptionalDouble.of(0))
                        .cpuMillisPerRequest(300)
                        .cpuBoundModel(MachineUsage.CPU_WORK)
                        .machineShare(0)
                        .verdict(MachineUsage.CLEAN)
                        .coreSpeed(speed)
                        .build())
                .build();
    }
}
