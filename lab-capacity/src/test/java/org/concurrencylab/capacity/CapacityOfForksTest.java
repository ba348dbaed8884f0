package org.concurrencylab.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.capacity.ServiceCapacity;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.statistics.forks.VariantAcrossForks;
import org.junit.jupiter.api.Test;

/** A variant's model from three forks whose figures are known. */
class CapacityOfForksTest {

    /**
     * Each fork's 8 users wait for 4 connections held about 40 ms (97 to 99/s); the users alone, at their lone
     * pace of 41 ms, would send some 195/s. The pool allows the least in every fork, far below the users: it is the limit, and stands alone.
     */
    @Test
    void aPoolFarBelowEverythingElseIsTheLimitAlone() {
        VariantResult variant = forks(List.of(
                List.of(alone(41.2), heldBack(97, 41.0, 0.98)),
                List.of(alone(40.6), heldBack(99, 40.3, 0.99)),
                List.of(alone(40.9), heldBack(98, 40.8, 0.98))));

        CapacityOfForks capacity = CapacityOfForks.of(variant, 0, 0.95).orElseThrow();

        ServiceCapacity model = capacity.model();
        assertThat(capacity.forks()).hasSize(3);
        assertThat(model.forks()).isEqualTo(3);
        assertThat(model.limit()).isEqualTo("hikari:HikariPool-1");
        assertThat(model.notToldApart()).isEmpty();
        ResourceDemand pool = model.resource("hikari:HikariPool-1").orElseThrow();
        assertThat(pool.allowsPerSecond())
                .as("4 over the mean of the forks' turns")
                .isCloseTo(98, within(0.01));
        assertThat(pool.allowsPerSecondInterval().contains(98)).isTrue();
        assertThat(model.throughputPerSecondInterval().forks()).isEqualTo(3);
    }

    /**
     * Two users on 2 cores: c read 0.9, 1.0 and 1.1 ms (the cores allow 2,222, 2,000 and 1,818/s), the users' own
     * pace 2 / 1.0, 1.05 and 0.95 ms (2,000, 1,905 and 2,105/s). Either may be what stops the service first: the
     * model names both, where one fork alone would have named whichever it happened to read lower.
     */
    @Test
    void theUsersAndTheCoresNearTheKneeAreNotToldApart() {
        VariantResult variant = forks(
                List.of(List.of(atTheKnee(1.0, 0.9)), List.of(atTheKnee(1.05, 1.0)), List.of(atTheKnee(0.95, 1.1))));

        ServiceCapacity model =
                CapacityOfForks.of(variant, 0, 0.95).orElseThrow().model();

        List<String> named = new java.util.ArrayList<>(List.of(model.limit()));
        named.addAll(model.notToldApart());
        assertThat(named).containsExactlyInAnyOrder(ResourceDemand.USERS, ResourceDemand.CORES);
        for (VariantResult fork : variant.forks()) {
            assertThat(ServiceCapacityModel.of("as-is", fork.steps())
                            .orElseThrow()
                            .notToldApart())
                    .as("one fork tells nothing apart: it has no interval")
                    .isEmpty();
        }
    }

    /**
     * One user answered in 0.60 ms (three forks: 0.59 to 0.61), so two users allow 2 / 0.60 ms, some 3,333/s; the
     * two-user step served 3,700 to 3,760/s, beyond both intervals: the bound was measured wrong, and is named with
     * each user's cycle in that step, 0.54 ms. A step within the bound's interval is not named.
     */
    @Test
    void aStepThatBeatsItsUsersBoundBeyondBothIntervalsIsNamed() {
        VariantResult variant = forks(List.of(
                List.of(lone(0.60), two(3700)), List.of(lone(0.59), two(3760)), List.of(lone(0.61), two(3730))));

        List<BeatenBound> beaten = BeatenBound.of(variant, 0.95);

        assertThat(beaten).singleElement().satisfies(bound -> {
            assertThat(bound.step()).isEqualTo("2x8s");
            assertThat(bound.users()).isEqualTo(2);
            assertThat(bound.bound()).isCloseTo(2000 / 0.6, within(5.0));
            assertThat(bound.by()).isCloseTo(3730 / (2000 / 0.6) - 1, within(0.01));
            assertThat(bound.cycleAtStepMillis()).isCloseTo(2000 / 3730.0, within(1e-9));
        });
        VariantResult within = forks(List.of(
                List.of(lone(0.60), two(3300)), List.of(lone(0.59), two(3390)), List.of(lone(0.61), two(3280))));
        assertThat(BeatenBound.of(within, 0.95)).isEmpty();
        assertThat(BeatenBound.of(variant.forks().getFirst(), 0.95))
                .as("one fork: no interval to decide by")
                .isEmpty();
    }

    private static StepResult lone(double meanMillis) {
        return Steps.closed(1, 1000 / meanMillis, meanMillis, 2, 0.4, 0.2, 0.2, Map.of());
    }

    private static StepResult two(double perSecond) {
        return Steps.closed(2, perSecond, 2000 / perSecond, 2, 0.75, 0.2, 0.2, Map.of());
    }

    /** One user, its requests holding a connection {@code meanMillis}: the users' own pace. */
    private static StepResult alone(double meanMillis) {
        return Steps.closed(
                1,
                1000 / meanMillis,
                meanMillis,
                2,
                0.1,
                0.2,
                0.5,
                Map.of("hikari:HikariPool-1", Steps.connections(4, 0.98, 0, 0.0)));
    }

    /** Each fork's 8 users held back by 4 connections, the pool full and queued for. */
    private static StepResult heldBack(double perSecond, double holdMillis, double fullShare) {
        Steps.LONE_MILLIS = 41;
        return Steps.closed(
                8,
                perSecond,
                8 * 1000 / perSecond,
                2,
                0.3,
                0.2,
                0.5,
                Map.of("hikari:HikariPool-1", Steps.connections(4, perSecond * holdMillis / 1000, fullShare, 3.9)));
    }

    /** Two users whose requests take {@code meanMillis} each, costing every process {@code cpuMillis}. */
    private static StepResult atTheKnee(double meanMillis, double cpuMillis) {
        double perSecond = 2 * 1000 / meanMillis;
        return Steps.closed(2, perSecond, meanMillis, 2, 0.85, cpuMillis / 2, cpuMillis / 2, Map.of());
    }

    private static VariantResult forks(List<List<StepResult>> steps) {
        List<VariantResult> forks = steps.stream()
                .map(each -> VariantResult.custom("as-is")
                        .origin("application")
                        .cpus(2)
                        .steps(each)
                        .build())
                .toList();
        return VariantAcrossForks.of(forks, 0.95);
    }
}
