package org.concurrencylab.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.junit.jupiter.api.Test;

/**
 * The limit over several forks: a JVM that runs slower holds every resource longer, so two resources are compared
 * fork by fork. Their ratio steady while each moves by a third from one JVM to the next tells them apart, which
 * their intervals side by side cannot; a ratio that itself moves does not.
 */
class SaturationTest {

    private static final double LEVEL = 0.95;

    @Test
    void aSteadyRatioTellsTheLimitApartWhereTheRangesMeet() {
        // the one Tomcat worker allows 1,000 to 1,400/s as the JVM goes, the two users always 1.5 times that
        List<List<ResourceDemand>> forks = forks(new double[] {1_000, 1_200, 1_400}, new double[] {1.5, 1.5, 1.52});
        List<ResourceDemand> together = CapacityOfForks.resources(forks, LEVEL);

        assertThat(Saturation.of(together, 2).notToldApart())
                .as("side by side, the intervals meet")
                .containsExactly("users");
        Saturation paired = Saturation.ofForks(forks, together, 2, LEVEL);
        assertThat(paired.limit().name()).isEqualTo("tomcat-workers");
        assertThat(paired.notToldApart()).isEmpty();
    }

    @Test
    void aRatioThatMovesWithTheJvmDoesNot() {
        List<List<ResourceDemand>> forks = forks(new double[] {1_000, 1_200, 1_400}, new double[] {0.95, 1.3, 1.6});
        List<ResourceDemand> together = CapacityOfForks.resources(forks, LEVEL);

        assertThat(Saturation.ofForks(forks, together, 2, LEVEL).notToldApart()).containsExactly("users");
    }

    @Test
    void oneForkHasNothingToPairAndDecidesByItsFiguresAlone() {
        List<List<ResourceDemand>> forks = forks(new double[] {1_000}, new double[] {1.01});
        Saturation alone = Saturation.ofForks(forks, forks.getFirst(), 2, LEVEL);
        assertThat(alone.limit().name()).isEqualTo("tomcat-workers");
        assertThat(alone.notToldApart()).isEmpty();
    }

    /** Forks in which one Tomcat worker allows {@code worker[i]}/s and two users {@code ratio[i]} times that. */
    private static List<List<ResourceDemand>> forks(double[] worker, double[] ratio) {
        List<List<ResourceDemand>> forks = new ArrayList<>();
        for (int i = 0; i < worker.length; i++) {
            double users = worker[i] * ratio[i];
            forks.add(List.of(
                    new ResourceDemand(
                            "tomcat-workers",
                            ResourceDemand.POOL,
                            1,
                            1000 / worker[i],
                            worker[i],
                            "server.tomcat.threads.max"),
                    new ResourceDemand(ResourceDemand.USERS, ResourceDemand.USERS, 2, 2000 / users, users, null)));
        }
        return forks;
    }
}
