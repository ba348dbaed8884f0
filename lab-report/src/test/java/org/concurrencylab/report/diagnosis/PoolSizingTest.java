package org.concurrencylab.report.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.Requests;
import org.concurrencylab.results.step.ServiceProfile;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.PoolOccupancy;
import org.concurrencylab.results.usage.ProcessCpu;
import org.junit.jupiter.api.Test;

class PoolSizingTest {

    @Test
    void aSizeWithinTheMeasurementsPrecisionOfAWholeNumberIsThatNumber() {
        // 8 users at 42.1 ms each, a connection held 42.2 ms: 8.02 by the figures, 8 by what they can tell
        assertThat(PoolSizing.needed(0.0422, new UserPace(42.1, 0).closed(8))).isEqualTo(8);
        assertThat(PoolSizing.needed(0.0405, new UserPace(42.1, 0).closed(8))).isEqualTo(8);
        // 8.5 is beyond it: 9
        assertThat(PoolSizing.needed(0.0447, new UserPace(42.1, 0).closed(8))).isEqualTo(9);
        assertThat(PoolSizing.needed(0.0100, new UserPace(42.1, 0).closed(8))).isEqualTo(2);
    }

    @Test
    void usersWhoThinkBetweenRequestsAskForLess() {
        // 8 users each sending every 42.1 + 100 ms: 56.3/s, which keep 2.37 connections held 42.2 ms busy
        UserPace thinking = new UserPace(42.1, 100);
        assertThat(thinking.perSecond(8)).isCloseTo(56.3, org.assertj.core.data.Offset.offset(0.1));
        assertThat(PoolSizing.needed(0.0422, thinking.closed(8))).isEqualTo(3);
        assertThat(thinking.over(8)).isEqualTo("8 / (42.1 ms + 100 ms thinking)");
        assertThat(thinking.describe()).isEqualTo("the lone request's 42.1 ms and 100 ms of thinking");
    }

    @Test
    void anOpenStepAsksForItsRateWhateverThePace() {
        UserPace.Demand arrivals = UserPace.Demand.open(200);
        assertThat(PoolSizing.needed(0.0853, arrivals)).isEqualTo(17);
        assertThat(arrivals.doubled().name()).isEqualTo("400/s");
        assertThat(arrivals.who()).isEqualTo("200 arrivals a second");
    }

    /**
     * A page all CPU (a third-party Thymeleaf and JPA application measured here): 1 user at 851/s, 4 users at 1,522/s
     * on 2 cores 95 % busy, 1.24 ms of CPU a request. No pool queued (HikariCP 2.7 of 10), and 4 users would send
     * 3,251/s: the cores held the step, not the users, and the answer says so with every resource weighed.
     */
    @Test
    void aStepNoPoolHeldBackIsPutDownToTheCoresWhenTheyAllowLessThanTheUsers() {
        String lookUp = "org.springframework.boot.loader.jar.JarFileEntries.isMultiReleaseJar";
        List<StepResult> steps = List.of(
                closed(1, 851, 1.17, 0.48, 0.13, 1.00, 0.8),
                StepResult.from(closed(4, 1522, 2.63, 0.95, 0.14, 1.10, 2.7))
                        .profile(new ServiceProfile(738, Map.of(lookUp, 0.30), Map.of(lookUp, 0.30), 0))
                        .build());

        assertThat(PoolSizing.sentence(steps, 0))
                .hasValueSatisfying(sentence -> assertThat(sentence).startsWith("the users were the limit at 1 user"));
        assertThat(PoolSizing.sentence(steps, 1))
                .hasValueSatisfying(sentence -> assertThat(sentence)
                        .startsWith("this machine's 2 cores were the limit at 4 users: at 1.24 ms of CPU a request")
                        .contains(
                                "they allow 1612.9/s; 1522.0/s served, 94 % of it, where the users alone would send 3419/s")
                        .contains("the service's own CPU went most to JarFileEntries.isMultiReleaseJar (30 % of its")
                        .contains("the fullest pool, hikari:HikariPool-1, had 2.7 of its 10 connections"));
    }

    /** A closed step on 2 cores, {@code busy} busy, with one HikariCP pool of 10 that never queued. */
    private static StepResult closed(
            int users,
            double perSecond,
            double meanMillis,
            double busy,
            double driverMillis,
            double serviceMillis,
            double connectionsBusy) {
        return StepResult.custom(users + "x8s")
                .plan(LoadPlan.held(users, 0, 8, 0, 10_000, "keep-alive"))
                .client(
                        new Requests((long) (perSecond * 8), (long) (perSecond * 8), 0, Map.of()),
                        perSecond,
                        new LatencyMillis(meanMillis, meanMillis, meanMillis, meanMillis, meanMillis, meanMillis),
                        8,
                        perSecond * meanMillis / 1000)
                .littlesLaw(users * 1000 / 1.17, "users", users * 1000 / 1.17)
                .machine(MachineUsage.custom()
                        .cores(2)
                        .idleShare(OptionalDouble.of(1 - busy))
                        .processes(List.of(
                                new ProcessCpu(
                                        "driver",
                                        "lab",
                                        OptionalDouble.empty(),
                                        0,
                                        OptionalDouble.of(driverMillis),
                                        OptionalDouble.empty()),
                                new ProcessCpu(
                                        "service",
                                        "app",
                                        OptionalDouble.empty(),
                                        0,
                                        OptionalDouble.of(serviceMillis),
                                        OptionalDouble.empty())))
                        .cpuMillisPerRequest(driverMillis + serviceMillis)
                        .cpuBoundModel("")
                        .machineShare(0)
                        .verdict(MachineUsage.CLEAN)
                        .build())
                .pools(Map.of(
                        "hikari:HikariPool-1", new PoolOccupancy("connections", 10, connectionsBusy, 4, 0, 0.0, 80)))
                .build();
    }
}
