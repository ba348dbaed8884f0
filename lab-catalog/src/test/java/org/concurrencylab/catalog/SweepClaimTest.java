package org.concurrencylab.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.sweep.SweepFit;
import org.concurrencylab.results.sweep.SweepPoint;
import org.concurrencylab.results.sweep.SweepResult;
import org.concurrencylab.results.usage.MachineUsage;
import org.junit.jupiter.api.Test;

class SweepClaimTest {

    private static final SweepClaim PARALLELISM = SweepClaim.custom("parallelism-knee")
            .text("one thread per core")
            .sweep("parallel-4", "30x1", "lab.cpu.parallelism=1,2,4,8")
            .knee(cpus -> cpus, "the work is CPU")
            .build();

    private static SweepResult sweepWithKnee(Double knee, String note) {
        SweepFit fit = SweepFit.custom(SweepFit.BOUNDS)
                .bounds(new SweepFit.Bounds(2.8, knee == null ? null : 2.8 * knee, 0.1))
                .knee(knee, knee == null ? null : 2.8 * knee, null)
                .holdout(2.9, 2)
                .note(note)
                .build();
        return new SweepResult("cpu-bound", "parallel-4", "lab.cpu.parallelism", "30x1", List.of(), fit);
    }

    @Test
    void aKneeWithinItsToleranceOfThePhysicsIsReproducedOnThisMachinesCores() {
        ClaimResult onTwoCores = PARALLELISM.evaluate(sweepWithKnee(1.91, ""), null, 2);
        assertThat(onTwoCores.status()).isEqualTo("reproduced");
        assertThat(onTwoCores.evidence())
                .contains("knee at lab.cpu.parallelism = 1.91, against 2 ± 10 %")
                .contains("holdout error 2.9 %");
        // the same knee on a machine of eight cores is far from its eight
        assertThat(PARALLELISM.evaluate(sweepWithKnee(1.91, ""), null, 8).status())
                .isEqualTo("not reproduced");
    }

    @Test
    void noKneeDecidesNothing() {
        ClaimResult none =
                PARALLELISM.evaluate(sweepWithKnee(null, "throughput still rose at the highest value"), null, 2);
        assertThat(none.status()).isEqualTo("not decided");
        assertThat(none.evidence()).contains("throughput still rose");
    }

    private static SweepClaim edgeAt(OptionalDouble millis) {
        return SweepClaim.custom("edge")
                .text("failures are an edge")
                .sweep("legacy", "250 users", "request-timeout-ms=1500,2000,4500")
                .failureEdge(swept -> millis, "the queue", Duration.ofSeconds(1), 0.5, 0.02)
                .build();
    }

    private static SweepResult failing(double... shares) {
        int[] timeouts = {1500, 2000, 4500};
        List<SweepPoint> points = new java.util.ArrayList<>();
        for (int i = 0; i < shares.length; i++) {
            points.add(SweepPoint.custom()
                    .value(timeouts[i])
                    .step("legacy@" + timeouts[i])
                    .throughputPerSecond(50)
                    .meanMillis(2000)
                    .p95Millis(3000)
                    .failedShare(shares[i])
                    .boundPerSecond(50)
                    .verdict(shares[i] > 0.01 ? SweepPoint.FAILED : MachineUsage.CLEAN)
                    .build());
        }
        return new SweepResult(
                "legacy-chain", "legacy", "request-timeout-ms", "250 users", points, SweepFit.notFitted("not fitted"));
    }

    @Test
    void failuresAreAnEdgeWhenMostFailASecondBelowItAndFewASecondAbove() {
        ClaimResult edge = edgeAt(OptionalDouble.of(3200)).evaluate(failing(0.93, 0.71, 0.004), null, 2);
        assertThat(edge.status()).isEqualTo("reproduced");
        assertThat(edge.evidence())
                .contains("the edge at request-timeout-ms = 3200 ms (the queue)")
                .contains("93.0 % at 1500, 71.0 % at 2000, 0.4 % at 4500")
                .contains("50 % at about");
        // one point a second above the edge still failing 5 % is a level, not an edge
        assertThat(edgeAt(OptionalDouble.of(3200))
                        .evaluate(failing(0.93, 0.71, 0.05), null, 2)
                        .status())
                .isEqualTo("not reproduced");
        // nor is a point a second below it that most requests survive
        assertThat(edgeAt(OptionalDouble.of(3200))
                        .evaluate(failing(0.93, 0.3, 0.004), null, 2)
                        .status())
                .isEqualTo("not reproduced");
    }

    @Test
    void anEdgeTheRunDidNotPlaceOrNoPointFarEnoughAboveDecidesNothing() {
        assertThat(edgeAt(OptionalDouble.empty())
                        .evaluate(failing(0.93, 0.71, 0.004), null, 2)
                        .status())
                .isEqualTo("not decided");
        ClaimResult tooHigh = edgeAt(OptionalDouble.of(4000)).evaluate(failing(0.93, 0.71, 0.004), null, 2);
        assertThat(tooHigh.status()).isEqualTo("not decided");
        assertThat(tooHigh.evidence()).contains("no point lies 1000 ms or more above it");
    }

    /** A level the physics puts at 50 %, 20 % and none at the three waits, where the variant timed its hold. */
    private static SweepClaim level() {
        return SweepClaim.custom("level")
                .text("failures are a level")
                .sweep("legacy", "250 users", "legacy.storefront.connection-request-timeout=1500,2000,4500")
                .failureLevel(
                        (variant, step, wait) -> variant.sizing().has("timed")
                                ? OptionalDouble.of(wait < 1600 ? 0.5 : wait < 2100 ? 0.2 : 0)
                                : OptionalDouble.empty(),
                        "the queue played out",
                        0.05)
                .build();
    }

    /** The swept run: a variant per wait, named as the sweep names them, each with a step of the sweep's load. */
    private static ExperimentResult swept(boolean timed, String machineVerdict) {
        List<VariantResult> variants = new java.util.ArrayList<>();
        for (int wait : new int[] {1500, 2000, 4500}) {
            StepResult step = StepResult.custom("250 users")
                    .client(
                            new Requests(100, 100, 0, java.util.Map.of()),
                            50,
                            new LatencyMillis(1, 1, 1, 1, 1, 1),
                            2,
                            1)
                    .machine(MachineUsage.custom()
                            .cores(2)
                            .verdict(machineVerdict)
                            .build())
                    .build();
            variants.add(VariantResult.custom("legacy@" + wait)
                    .origin("seed")
                    .cpus(8)
                    .sizing(timed ? java.util.Map.of("timed", true) : java.util.Map.of())
                    .steps(List.of(step))
                    .build());
        }
        return ExperimentResult.custom("legacy-chain", "a sweep")
                .variants(variants)
                .build();
    }

    private static SweepResult levels(double... shares) {
        int[] waits = {1500, 2000, 4500};
        List<SweepPoint> points = new java.util.ArrayList<>();
        for (int i = 0; i < shares.length; i++) {
            points.add(SweepPoint.custom()
                    .value(waits[i])
                    .step(SweepPoint.stepName("legacy@" + waits[i], "250 users"))
                    .throughputPerSecond(50)
                    .failedShare(shares[i])
                    .boundPerSecond(50)
                    .verdict(shares[i] > 0.01 ? SweepPoint.FAILED : MachineUsage.CLEAN)
                    .build());
        }
        return new SweepResult(
                "legacy-chain",
                "legacy",
                "legacy.storefront.connection-request-timeout",
                "250 users",
                points,
                SweepFit.notFitted("not fitted"));
    }

    @Test
    void failuresAreALevelWhenEveryPointLiesWithinItsToleranceOfThePlayedOutQueue() {
        ClaimResult close = level().evaluate(levels(0.53, 0.16, 0.0), swept(true, MachineUsage.CLEAN), 2);
        assertThat(close.status()).isEqualTo("reproduced");
        assertThat(close.evidence())
                .contains("53.0 % against 50.0 % at 1500, 16.0 % against 20.0 % at 2000, 0.0 % against 0.0 % at 4500");
        // one point 6 percentage points off the queue is something else
        ClaimResult off = level().evaluate(levels(0.53, 0.26, 0.0), swept(true, MachineUsage.CLEAN), 2);
        assertThat(off.status()).isEqualTo("not reproduced");
        assertThat(off.evidence()).contains("beyond 5 percentage points at 26.0 % against 20.0 % at 2000");
        // an edge (all or nothing) is not the level
        assertThat(level().evaluate(levels(0.9, 0.7, 0.0), swept(true, MachineUsage.CLEAN), 2)
                        .status())
                .isEqualTo("not reproduced");
    }

    @Test
    void aLevelTheRunCouldNotPlayOutOrAMachineBoundPointAgainstItDecidesNothing() {
        assertThat(level().evaluate(levels(0.53, 0.16, 0.0), swept(false, MachineUsage.CLEAN), 2)
                        .status())
                .isEqualTo("not decided");
        ClaimResult machine = level().evaluate(levels(0.53, 0.26, 0.0), swept(true, MachineUsage.MACHINE_BOUND), 2);
        assertThat(machine.status()).isEqualTo("not decided");
        assertThat(machine.evidence()).contains("machine-bound");
    }

    @Test
    void aFailureEdgeLiesAlongTheClientsTimeoutAndASweepExpectsOneThing() {
        assertThatThrownBy(() -> SweepClaim.custom("edge")
                        .text("t")
                        .sweep("legacy", "250 users", "users=1,2")
                        .failureEdge(swept -> OptionalDouble.of(1), "x", Duration.ofSeconds(1), 0.5, 0.02)
                        .build())
                .hasMessageContaining("along the client's timeout");
        assertThatThrownBy(() -> SweepClaim.custom("both")
                        .text("t")
                        .sweep("legacy", "250 users", "request-timeout-ms=1,2")
                        .knee(1, "x")
                        .failureEdge(swept -> OptionalDouble.of(1), "x", Duration.ofSeconds(1), 0.5, 0.02)
                        .build())
                .hasMessageContaining("a knee, a failure edge or a failure level, one of them");
    }
}
