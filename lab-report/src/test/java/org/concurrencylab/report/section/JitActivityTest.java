package org.concurrencylab.report.section;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.report.ExperimentResults;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

class JitActivityTest {

    @Test
    void namesOnlyTheStepsWhoseCompilerTookMoreThanATenthOfACore() {
        ExperimentResult experiment = ExperimentResults.blockingIo(0.15)
                .variants(List.of(variant("cold", 0.45), variant("warm", 0.06), variant("unknown", -1)))
                .build();

        List<JitActivity.BusyStep> busy = JitActivity.busySteps(experiment);

        assertThat(busy).singleElement().satisfies(step -> {
            assertThat(step.variant()).isEqualTo("cold");
            assertThat(step.shareOfACore()).isEqualTo(0.3);
        });
        assertThat(JitActivity.sentence(busy)).contains("cold 10x10 (30 %)").contains("--warm-up");
    }

    @Test
    void showsADashWhenTheJvmDidNotTell() {
        assertThat(JitActivity.percent(
                        variant("unknown", OptionalDouble.empty()).steps().getFirst()))
                .isEqualTo("-");
        assertThat(JitActivity.percent(
                        variant("warm", OptionalDouble.of(0.06)).steps().getFirst()))
                .isEqualTo("4 %");
    }

    /** One step of 1.5 s in which the JIT compiled for {@code jitSeconds}. */
    private static VariantResult variant(String name, double jitSeconds) {
        return variant(name, OptionalDouble.of(jitSeconds));
    }

    /** The same, where the JVM may not have told the JIT's CPU. */
    private static VariantResult variant(String name, OptionalDouble jitSeconds) {
        StepResult step = StepResult.custom("10x10")
                .plan(LoadPlan.closed(10, 10, 1000, "keep-alive"))
                .client(
                        new Requests(100, 100, 0, Map.of()),
                        66,
                        new LatencyMillis(150, 150, 150, 150, 150, 150),
                        1.5,
                        10)
                .littlesLaw(66.7, "m", 66.7)
                .threads(new Threads(20, Map.of(), List.of(), 0, Map.of()))
                .process(ProcessUsage.custom()
                        .cpuSeconds(0.5)
                        .heapPeakBytes(1)
                        .voluntaryContextSwitches(OptionalLong.of(1))
                        .involuntaryContextSwitches(OptionalLong.of(1))
                        .jitCpuSeconds(jitSeconds)
                        .serverRequests(100)
                        .serverMeanMillis(150)
                        .build())
                .timeline(new Timeline(150, List.of()))
                .requestLog("x.csv")
                .build();
        return VariantResult.custom(name)
                .summary("s")
                .origin("seed")
                .cpus(8)
                .steps(List.of(step))
                .build();
    }
}
