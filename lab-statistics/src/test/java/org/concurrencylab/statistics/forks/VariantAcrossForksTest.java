package org.concurrencylab.statistics.forks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.interval.Interval;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.step.TimelinePoint;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.PoolOccupancy;
import org.concurrencylab.results.usage.ProcessCpu;
import org.concurrencylab.results.usage.ProcessUsage;
import org.junit.jupiter.api.Test;

/** Three forks of a variant, their figures known, as one result. */
class VariantAcrossForksTest {

    @Test
    void levelsAreTheForksMeanWithTheirIntervalAndCountsTheirSum() {
        VariantResult combined = VariantAcrossForks.of(
                List.of(fork(1000, 2.0, 0.50, 1.0, 0), fork(1100, 1.8, 0.55, 1.1, 2), fork(900, 2.2, 0.45, 0.9, 0)),
                0.95);
        assertThat(combined.forks()).hasSize(3);
        assertThat(combined.forked()).isTrue();
        StepResult step = combined.steps().getFirst();
        assertThat(step.client().throughputPerSecond()).isCloseTo(1000, within(1e-9));
        Interval throughput = step.client().throughputPerSecondInterval();
        // the forks' standard deviation is 100, t(2) = 4.303: 1000 +- 4.303 x 100 / sqrt(3)
        assertThat(throughput.low()).isCloseTo(1000 - 248.4, within(0.1));
        assertThat(throughput.high()).isCloseTo(1000 + 248.4, within(0.1));
        assertThat(throughput.forks()).isEqualTo(3);
        assertThat(step.client().latencyMillis().mean()).isCloseTo(2.0, within(1e-9));
        assertThat(step.client().latencyMillis().p95Interval().contains(2.0 * 1.5))
                .isTrue();
        assertThat(step.client().latencyMillis().max())
                .as("the longest of any fork")
                .isEqualTo(2.2 * 3);
        // counts: each fork's requests and its CPU, summed; its time too, so a share over time stays a share
        assertThat(step.client().requests().sent()).isEqualTo(8 * (1000 + 1100 + 900) + 2);
        assertThat(step.client().requests().failed()).isEqualTo(2);
        assertThat(step.client().requests().failedByKind()).containsEntry("TIMEOUT", 2L);
        assertThat(step.client().elapsedSeconds()).isEqualTo(24.0);
        assertThat(step.service().process().cpuSeconds()).isCloseTo(8 * (0.5 + 0.605 + 0.405), within(1e-9));
        assertThat(step.service()
                        .process()
                        .jitShareOfACore(step.client().elapsedSeconds())
                        .getAsDouble())
                .isCloseTo(0.03, within(1e-9));
        // c, weighted by each fork's requests, with the interval of the forks' own figures
        assertThat(step.machine().cpuMillisPerRequest())
                .isCloseTo((1000 * 1.0 + 1100 * 1.1 + 900 * 0.9) / 3000.0, within(1e-9));
        assertThat(step.machine().cpuMillisPerRequestInterval().forks()).isEqualTo(3);
        assertThat(step.service().pools().get("tomcat-workers").meanBusy())
                .isCloseTo((2.0 + 1.98 + 1.98) / 3, within(1e-9));
        assertThat(step.service().pools().get("tomcat-workers").samples()).isEqualTo(240);
        // each fork's eight whole seconds moved 10 % either side of their mean: a standard deviation of
        // 0.1 x sqrt(8 / 7) of it; the ninth, cut short, is left out
        assertThat(step.client().throughputSpreadWithinForks().getAsDouble())
                .isCloseTo(0.1 * Math.sqrt(8.0 / 7), within(1e-6));
        assertThat(step.client().timeline().points())
                .as("each fork keeps its own")
                .isEmpty();
        assertThat(combined.sizing().entries().get(VariantAcrossForks.ALONE_MILLIS))
                .isEqualTo(0.5);
        assertThat(VariantAcrossForks.aloneMillisInterval(combined, 0.95)
                        .orElseThrow()
                        .contains(0.5))
                .isTrue();
    }

    @Test
    void aStepMachineBoundInOneForkIsMachineBoundWithThatForksReason() {
        VariantResult combined = VariantAcrossForks.of(
                List.of(
                        fork(1000, 2.0, 0.5, 1.0, 0),
                        fork(1000, 2.0, 0.5, 1.0, 0, "the cores took 1.4 times"),
                        fork(1000, 2.0, 0.5, 1.0, 0)),
                0.95);
        MachineUsage machine = combined.steps().getFirst().machine();
        assertThat(machine.machineBound()).isTrue();
        assertThat(machine.why()).isEqualTo("fork 2: the cores took 1.4 times");
        assertThat(machine.coresSlowed()).isTrue();
    }

    @Test
    void aFailedForkCountsInNoFigureAndOneForkIsItself() {
        VariantResult failed = VariantResult.custom("as-is")
                .origin("application")
                .cpus(2)
                .failed("did not start: port taken")
                .build();
        VariantResult combined =
                VariantAcrossForks.of(List.of(fork(1000, 2, 0.5, 1, 0), failed, fork(1200, 2, 0.5, 1, 0)), 0.95);
        assertThat(combined.ok()).isTrue();
        assertThat(combined.forks()).hasSize(3);
        assertThat(combined.steps().getFirst().client().throughputPerSecond()).isCloseTo(1100, within(1e-9));
        assertThat(combined.steps()
                        .getFirst()
                        .client()
                        .throughputPerSecondInterval()
                        .forks())
                .isEqualTo(2);
        VariantResult alone = fork(1000, 2, 0.5, 1, 0);
        assertThat(VariantAcrossForks.of(List.of(alone), 0.95)).isSameAs(alone);
    }

    private static VariantResult fork(
            double perSecond, double meanMillis, double aloneMillis, double cpuMillis, long timeouts) {
        return fork(perSecond, meanMillis, aloneMillis, cpuMillis, timeouts, "");
    }

    private static VariantResult fork(
            double perSecond, double meanMillis, double aloneMillis, double cpuMillis, long timeouts, String slowed) {
        long ok = (long) (8 * perSecond);
        List<TimelinePoint> seconds = new java.util.ArrayList<>();
        for (int s = 0; s < 8; s++) {
            seconds.add(TimelinePoint.custom()
                    .atSeconds(s)
                    .completed(Math.round(perSecond * (s % 2 == 0 ? 1.1 : 0.9)))
                    .build());
        }
        seconds.add(TimelinePoint.custom().atSeconds(8).completed(3).build());
        StepResult step = StepResult.custom("2 users for 8s")
                .plan(LoadPlan.held(2, 0, 8, 0, 10_000, "keep-alive"))
                .client(
                        new Requests(
                                ok + timeouts, ok, timeouts, timeouts == 0 ? Map.of() : Map.of("TIMEOUT", timeouts)),
                        perSecond,
                        new LatencyMillis(
                                meanMillis, meanMillis, meanMillis, 1.5 * meanMillis, 2 * meanMillis, 3 * meanMillis),
                        8,
                        2)
                .timeline(new Timeline(1000, seconds))
                .process(ProcessUsage.custom()
                        .cpuSeconds(ok * cpuMillis / 2000)
                        .jitCpuSeconds(OptionalDouble.of(0.24))
                        .virtualThreadPins(OptionalLong.of(1))
                        .build())
                .pools(Map.of(
                        "tomcat-workers",
                        new PoolOccupancy("threads", 200, perSecond * meanMillis / 1000, 3, 0, null, 80)))
                .machine(MachineUsage.custom()
                        .cores(2)
                        .idleShare(OptionalDouble.of(0.5))
                        .processes(List.of(new ProcessCpu(
                                "service",
                                "app",
                                OptionalDouble.of(ok * cpuMillis / 2000),
                                0.01,
                                OptionalDouble.of(cpuMillis / 2),
                                OptionalDouble.empty())))
                        .cpuMillisPerRequest(cpuMillis)
                        .verdict(slowed.isEmpty() ? MachineUsage.CLEAN : MachineUsage.MACHINE_BOUND)
                        .why(slowed)
                        .build())
                .build();
        return VariantResult.custom("as-is")
                .origin("application")
                .cpus(2)
                .sizing(Map.of(VariantAcrossForks.ALONE_MILLIS, aloneMillis))
                .steps(List.of(step))
                .build();
    }
}
