package org.concurrencylab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
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
import org.concurrencylab.results.step.WarmUpLoad;
import org.concurrencylab.results.usage.CoreSpeed;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

class RunComparisonTest {

    @Test
    void twoRunsWithinTheNoiseShowNoChange() {
        RunComparison.Comparison comparison =
                RunComparison.compare(run("a", "25", 245, 410, "reproduced"), run("b", "25", 243, 415, "reproduced"));

        assertThat(comparison.environment()).isEmpty();
        assertThat(comparison.verdicts()).isEmpty();
        assertThat(comparison.beyondTolerance()).isEmpty();
        assertThat(comparison.moves()).hasSize(4);
        assertThat(RunComparison.render(List.of(comparison)))
                .contains("same settings and machine")
                .contains("Claims whose verdict changed: none")
                .contains("beyond tolerance (throughput 7 %, latency 15 %; CPU work 12 % and 25 %): none");
        assertThat(comparison.changed()).isFalse();
    }

    @Test
    void namesTheChangedVerdictTheMovedFiguresAndWhatDiffers() {
        RunComparison.Comparison comparison = RunComparison.compare(
                run("a", "21", 245, 410, "reproduced"), run("b", "25", 200, 520, "not reproduced"));

        assertThat(comparison.environment()).containsExactly("jdk: 21 -> 25");
        assertThat(comparison.verdicts()).singleElement().satisfies(change -> {
            assertThat(change.claim()).isEqualTo("tomcat-200-scales");
            assertThat(change.after()).isEqualTo("not reproduced");
        });
        assertThat(comparison.changed()).isTrue();
        // throughput -18 %, every percentile +27 %
        assertThat(comparison.beyondTolerance())
                .extracting(RunComparison.Move::figure)
                .containsExactly("TPS", "p50 ms", "p95 ms", "p99 ms");
        assertThat(RunComparison.renderHtml(List.of(comparison)))
                .contains("jdk: 21 -&gt; 25")
                .doesNotContain("<script");
    }

    /** The method closed on a service of one's own: a study before and after its pool was sized, compared. */
    @Test
    void twoStudiesOfOneApplicationCompareAsTwoRunsDo() {
        RunComparison.Comparison comparison = RunComparison.compare(
                study("before", 98.7, 121, "not reproduced"), study("after", 193.4, 43.5, "reproduced"));

        assertThat(comparison.environment()).isEmpty();
        assertThat(comparison.verdicts()).singleElement().satisfies(change -> {
            assertThat(change.claim()).isEqualTo("check-1-as-is");
            assertThat(change.before()).isEqualTo("not reproduced");
            assertThat(change.after()).isEqualTo("reproduced");
        });
        assertThat(comparison.beyondTolerance())
                .extracting(RunComparison.Move::figure)
                .contains("TPS", "p95 ms");
        assertThat(comparison.changed()).isTrue();
        assertThat(RunComparison.render(List.of(comparison)))
                .contains("pooled-app")
                .contains("8 users for 8s");
    }

    private static RunResult study(String id, double throughput, double p95, String verdict) {
        StepResult step = StepResult.custom("8 users for 8s")
                .plan(LoadPlan.held(8, 0, 8, 0, 10000, "keep-alive"))
                .client(
                        new Requests((long) (8 * throughput), (long) (8 * throughput), 0, Map.of()),
                        throughput,
                        new LatencyMillis(8000 / throughput, 0.9 * p95, 0.9 * p95, p95, p95, p95),
                        8,
                        8)
                .littlesLaw(190, "U / R0", 190)
                .threads(new Threads(30, Map.of(), List.of(), 0, Map.of()))
                .process(ProcessUsage.custom()
                        .cpuSeconds(1)
                        .heapPeakBytes(1)
                        .voluntaryContextSwitches(OptionalLong.of(1))
                        .involuntaryContextSwitches(OptionalLong.of(1))
                        .jitCpuSeconds(OptionalDouble.of(0))
                        .serverRequests(0)
                        .serverMeanMillis(0)
                        .virtualThreadPins(OptionalLong.of(0))
                        .build())
                .timeline(new Timeline(1000, List.of()))
                .requestLog("x.csv")
                .build();
        VariantResult variant = VariantResult.custom("as-is")
                .summary("the application")
                .origin(ExperimentResult.APPLICATION)
                .cpus(2)
                .steps(List.of(step))
                .build();
        ExperimentResult experiment = ExperimentResult.custom(
                        "pooled-app", "Your service: pooled-app.jar, GET /orders/1")
                .scale(1)
                .downstreamLatencyMillis(42)
                .warmUp(new WarmUpLoad(4, 357))
                .jit("full")
                .variants(List.of(variant))
                .claims(List.of(new ClaimResult("check-1-as-is", "p95 at most 60 ms at 8 users", verdict, "e")))
                .build();
        return new RunResult(
                RunInfo.custom(id)
                        .scale(1)
                        .machineCpus(2)
                        .platform("25", "4.1.1", "Linux")
                        .planned(List.of("pooled-app"), "a")
                        .finishedAt("b")
                        .build(),
                List.of(experiment));
    }

    /**
     * The meter judges a step against its own run's usual speed, so a host slower for a whole run (measured here:
     * 1.060 ns a term at 04:50, 1.138 at 10:14, legacy-chain's fixed steps' p95 49 and 92 ms) shows only when two
     * runs are put side by side.
     */
    @Test
    void aHostSlowerForAWholeRunIsSaidBesideTheFigures() {
        RunComparison.Comparison comparison = RunComparison.compare(
                run("a", "25", 245, 410, "reproduced", 1.060), run("b", "25", 243, 415, "reproduced", 1.138));

        assertThat(comparison.host())
                .isEqualTo("host: the lab's core-speed meter spent 1.060 ns a term in the baseline and 1.138 in this "
                        + "run (medians over the steps): the same work took 7.4 % more CPU here, and a figure that "
                        + "spends CPU may move with it");
        assertThat(RunComparison.render(List.of(comparison))).contains("   host: the lab's core-speed meter");
        assertThat(RunComparison.renderHtml(List.of(comparison))).contains("<p>host: the lab's core-speed meter");
        assertThat(RunComparison.compare(
                                run("a", "25", 245, 410, "reproduced"), run("b", "25", 243, 415, "reproduced", 1.138))
                        .host())
                .as("a baseline without the meter")
                .isEmpty();
    }

    /**
     * A figure beyond tolerance on a step this machine may have decided still counts as a move, and says so: a
     * regression that costs CPU makes its steps machine-bound, and must not vanish from the comparison.
     */
    @Test
    void aMoveOnAMachineBoundStepCountsAndSaysWhereTheMachineMayHaveSetIt() {
        RunComparison.Comparison comparison = RunComparison.compare(
                run("a", "25", 245, 410, "reproduced"), run("b", "25", 244, 600, "reproduced", null, true));

        assertThat(comparison.changed()).isTrue();
        assertThat(comparison.beyondTolerance())
                .extracting(RunComparison.Move::figure)
                .containsExactly("p50 ms", "p95 ms", "p99 ms");
        assertThat(comparison.moves()).allMatch(RunComparison.Move::machineBound);
        assertThat(comparison.headline())
                .isEqualTo("Changed: 0 claims between reproduced and not reproduced, 3 of 4 figures beyond tolerance "
                        + "(all on steps machine-bound in either run, where this machine may have moved them).");
        assertThat(RunComparison.render(List.of(comparison))).contains("+46.3 %  yes, machine-bound");
        assertThat(RunComparison.compare(run("a", "25", 245, 410, "reproduced"), run("b", "25", 200, 600, "reproduced"))
                        .headline())
                .as("on clean steps")
                .isEqualTo("Changed: 0 claims between reproduced and not reproduced, 4 of 4 figures beyond tolerance.");
    }

    private static RunResult run(String id, String jdk, double throughput, double latency, String verdict) {
        return run(id, jdk, throughput, latency, verdict, null);
    }

    private static RunResult run(
            String id, String jdk, double throughput, double latency, String verdict, Double nanosPerTerm) {
        return run(id, jdk, throughput, latency, verdict, nanosPerTerm, false);
    }

    private static RunResult run(
            String id,
            String jdk,
            double throughput,
            double latency,
            String verdict,
            Double nanosPerTerm,
            boolean machineBound) {
        StepResult step = StepResult.custom("100x10")
                .plan(LoadPlan.closed(100, 10, 12000, "new-per-request"))
                .client(
                        new Requests(1000, 1000, 0, Map.of()),
                        throughput,
                        new LatencyMillis(latency, latency, latency, latency, latency, latency),
                        4,
                        100)
                .littlesLaw(250, "m", 250)
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
                .requestLog("x.csv")
                .machine(
                        machineBound
                                ? MachineUsage.custom()
                                        .cores(2)
                                        .verdict(MachineUsage.MACHINE_BOUND)
                                        .why("the service's JIT took 0.31 of a core")
                                        .build()
                                : nanosPerTerm == null
                                        ? null
                                        : MachineUsage.custom()
                                                .cores(2)
                                                .coreSpeed(new CoreSpeed(nanosPerTerm, 1.0, 40))
                                                .build())
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
                RunInfo.custom(id)
                        .scale(0.4)
                        .machineCpus(2)
                        .platform(jdk, "4.1.1", "Linux")
                        .planned(List.of("blocking-io"), "a")
                        .finishedAt("b")
                        .build(),
                List.of(experiment));
    }
}
