package org.concurrencylab.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.SweepFit;
import org.concurrencylab.results.SweepResult;
import org.junit.jupiter.api.Test;

class SweepClaimTest {

    private static final SweepClaim PARALLELISM = SweepClaim.custom("parallelism-knee").text("one thread per core")
            .sweep("parallel-4", "30x1", "lab.cpu.parallelism=1,2,4,8").knee(cpus -> cpus, "the work is CPU").build();

    private static SweepResult sweepWithKnee(Double knee, String note) {
        SweepFit fit = new SweepFit(null, new SweepFit.Bounds(2.8, knee == null ? null : 2.8 * knee, 0.1), SweepFit.BOUNDS, knee,
                knee == null ? null : 2.8 * knee, null, null, 2.9, 2, note);
        return new SweepResult("cpu-bound", "parallel-4", "lab.cpu.parallelism", "30x1", List.of(), fit);
    }

    @Test
    void aKneeWithinItsToleranceOfThePhysicsIsReproducedOnThisMachinesCores() {
        ClaimResult onTwoCores = PARALLELISM.evaluate(sweepWithKnee(1.91, ""), 2);
        assertThat(onTwoCores.status()).isEqualTo("reproduced");
        assertThat(onTwoCores.evidence()).contains("knee at lab.cpu.parallelism = 1.91, against 2 ± 10 %").contains("holdout error 2.9 %");
        // the same knee on a machine of eight cores is far from its eight
        assertThat(PARALLELISM.evaluate(sweepWithKnee(1.91, ""), 8).status()).isEqualTo("not reproduced");
    }

    @Test
    void noKneeDecidesNothing() {
        ClaimResult none = PARALLELISM.evaluate(sweepWithKnee(null, "throughput still rose at the highest value"), 2);
        assertThat(none.status()).isEqualTo("not decided");
        assertThat(none.evidence()).contains("throughput still rose");
    }
}
