package org.concurrencylab.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.concurrencylab.results.capacity.PoolLimits;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.capacity.ServiceCapacity;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.Threads;
import org.junit.jupiter.api.Test;

class ServiceCapacityModelTest {

    /**
     * Two Tomcat workers, 1 user then 2, on 2 cores: at 2 users both workers are taken by construction (each user
     * holds one) and the cores are 93 % busy. The pool cannot be waited for; the cores are the limit.
     */
    @Test
    void aPoolWithAMemberForEveryUserIsNoLimitWhileTheBusyCoresAre() {
        Steps.LONE_MILLIS = 1.2;
        StepResult one =
                Steps.closed(1, 800, 1.2, 2, 0.55, 0.45, 0.9, Map.of("tomcat-workers", Steps.threads(2, 0.95, 0)));
        StepResult two =
                Steps.closed(2, 1424, 1.4, 2, 0.93, 0.45, 0.86, Map.of("tomcat-workers", Steps.threads(2, 1.98, 0.9)));

        assertThat(PoolLimits.holdingBack(two)).as("2 workers for 2 users").isEmpty();
        ServiceCapacity model =
                ServiceCapacityModel.of("as-is", List.of(one, two)).orElseThrow();

        assertThat(model.holdsFrom())
                .as("the 2-user step's holds include a wait for a core")
                .isEqualTo(one.load());
        assertThat(model.limit()).isEqualTo(ResourceDemand.CORES);
        ResourceDemand cores = model.resource(ResourceDemand.CORES).orElseThrow();
        assertThat(cores.allowsPerSecond()).isCloseTo(2 * 1000 / 1.31, within(0.5));
        assertThat(model.explainedShare()).isCloseTo(1424 / (2 * 1000 / 1.31), within(0.001));
        assertThat(model.serviceCpuMillis())
                .as("the service's c where nothing queued")
                .hasValue(0.9);
        assertThat(model.resource("tomcat-workers").orElseThrow().property()).isEqualTo("server.tomcat.threads.max");
        assertThat(model.notModelled()).isNull();
    }

    /**
     * A service whose compilers were still at work in its heaviest step: 368/s for 8 s, the service's c 1.25 ms of
     * which its JIT took 1.0 s (0.34 ms a request; a Spring Cloud Gateway measured here). The compiler's CPU is
     * warm-up, not a cost of each request: the model reads c without it, on the service and on the cores.
     */
    @Test
    void theCpuTheJitTookIsLeftOutOfTheCostOfEachRequest() {
        Steps.LONE_MILLIS = 21.7;
        StepResult eight = StepResult.from(Steps.closed(
                        8, 368, 21.7, 2, 0.42, 0.13, 1.25, Map.of("tomcat-workers", Steps.threads(8, 7.8, 0.2))))
                .process(org.concurrencylab.results.usage.ProcessUsage.custom()
                        .jitCpuSeconds(OptionalDouble.of(1.0))
                        .build())
                .build();
        double jitMillis = 1000 * 1.0 / (368 * 8);

        ServiceCapacity model = ServiceCapacityModel.of("as-is", List.of(eight)).orElseThrow();

        assertThat(ServiceCapacityModel.jitMillisPerRequest(eight)).isCloseTo(jitMillis, within(1e-9));
        assertThat(model.serviceCpuMillis()).hasValueCloseTo(1.25 - jitMillis, within(1e-9));
        assertThat(model.resource(ResourceDemand.CORES).orElseThrow().holdMillis())
                .isCloseTo(0.13 + 1.25 - jitMillis, within(1e-9));
    }

    /**
     * Spring Cloud Config's server on PostgreSQL with one HikariCP connection, 4 users: 3,221/s, the connection in use
     * 0.6 of the time and 1.5 callers waiting for it, the cores 69 % busy. Held 0.15 ms a request where nothing
     * queued, it would allow 6,800/s; queued for, it let through 3,221/s: each request took 0.31 ms of it, 0.19 held
     * and 0.12 handed over to the next caller. The pool is the limit, and the size for what the cores allow is 2.
     */
    @Test
    void aPoolCallersQueuedForAllowsWhatItLetThroughHandOverIncluded() {
        Steps.LONE_MILLIS = 0.35;
        StepResult one = Steps.closed(
                1, 2865, 0.35, 2, 0.45, 0.15, 0.28, Map.of("hikari:HikariPool-1", Steps.connections(1, 0.42, 0, 0.0)));
        StepResult four = Steps.closed(
                4,
                3221,
                1.24,
                2,
                0.69,
                0.15,
                0.28,
                Map.of("hikari:HikariPool-1", Steps.connections(1, 0.6, 0.57, 1.5)));

        ServiceCapacity model =
                ServiceCapacityModel.of("pool-1", List.of(one, four)).orElseThrow();

        assertThat(model.limit()).isEqualTo("hikari:HikariPool-1");
        ResourceDemand hikari = model.resource("hikari:HikariPool-1").orElseThrow();
        assertThat(hikari.allowsPerSecond()).isCloseTo(3221, within(1e-6));
        assertThat(hikari.holdMillis()).isCloseTo(1000.0 / 3221, within(1e-9));
        assertThat(hikari.handOverMillis()).isCloseTo(1000 * (1 - 0.6) / 3221, within(1e-9));
        assertThat(model.explainedShare()).isCloseTo(1, within(1e-9));
        assertThat(model.notModelled()).isNull();
        assertThat(CapacityProjector.sizeToLift(model, 4)).contains(2);
    }

    /** The same pool with 8 users: now the pool is short of the users, callers wait, and it is the limit. */
    @Test
    void aPoolSmallerThanTheUsersWithCallersWaitingIsTheLimitAndIsSizedForTheNextOne() {
        Steps.LONE_MILLIS = 41;
        StepResult one = Steps.closed(
                1,
                24,
                41,
                2,
                0.03,
                0.3,
                0.5,
                Map.of(
                        "tomcat-workers", Steps.threads(16, 0.99, 0),
                        "hikari:HikariPool-1", Steps.connections(2, 0.98, 0, 0.0)));
        StepResult eight = Steps.closed(
                8,
                49,
                163,
                2,
                0.06,
                0.3,
                0.5,
                Map.of(
                        "tomcat-workers", Steps.threads(16, 8, 0),
                        "hikari:HikariPool-1", Steps.connections(2, 2, 0.98, 5.9)));

        ServiceCapacity model =
                ServiceCapacityModel.of("as-is", List.of(one, eight)).orElseThrow();

        assertThat(model.limit()).isEqualTo("hikari:HikariPool-1");
        ResourceDemand hikari = model.resource("hikari:HikariPool-1").orElseThrow();
        assertThat(hikari.holdMillis()).isCloseTo(1000 * 0.98 / 24, within(0.01));
        assertThat(hikari.property()).isEqualTo(SpringPoolProperties.HIKARI_POOL);
        // lifted, the pool lets through what the users ask for, 8 / 41 ms; each holds a connection 40.8 ms
        double users = 8 * 1000 / 41.0;
        int size = CapacityProjector.sizeToLift(model, 8).orElseThrow();
        assertThat(size)
                .isEqualTo(LittlesLaw.membersFor(users * hikari.holdMillis() / 1000))
                .isEqualTo(8);
        ResourceDemand then =
                CapacityProjector.resized(model, "hikari:HikariPool-1", size, 8).limit();
        assertThat(then.name()).isEqualTo(ResourceDemand.USERS);
        assertThat(then.allowsPerSecond()).isCloseTo(users, within(0.01));
    }

    /**
     * Four users on 2 cores at 0.06 ms a request: the cores allow 33,333/s, the users 4 / 0.11 ms, and the step
     * served 80 % of the cores' bound: a closed loop of so few users keeps the cores that busy, nothing else.
     */
    @Test
    void coresBusyShortOfTheirBoundUnderFewUsersAreStillTheModelsLimit() {
        Steps.LONE_MILLIS = 0.12;
        StepResult four = Steps.closed(4, 26_667, 0.11, 2, 0.85, 0.01, 0.05, Map.of());

        ServiceCapacity model = ServiceCapacityModel.of("as-is", List.of(four)).orElseThrow();

        assertThat(model.limit()).isEqualTo(ResourceDemand.CORES);
        assertThat(model.explainedShare()).isCloseTo(0.8, within(0.001));
        assertThat(model.notModelled()).isNull();
    }

    @Test
    void threadsWaitingOnALockAreSaidAndNotModelled() {
        Steps.LONE_MILLIS = 1.2;
        StepResult one = Steps.closed(1, 800, 1.2, 2, 0.55, 0.45, 0.9, Map.of());
        StepResult four = StepResult.from(Steps.closed(4, 900, 4.4, 2, 0.6, 0.45, 0.9, Map.of()))
                .threads(new Threads(
                        20,
                        Map.of(),
                        List.of(),
                        40,
                        Map.of("tomcat-workers", Map.of("LOCK_WAIT", 2.6, "RUNNING_ON_CPU", 1.0))))
                .build();

        ServiceCapacity model =
                ServiceCapacityModel.of("as-is", List.of(one, four)).orElseThrow();

        assertThat(model.notModelled()).contains("2.6 threads of tomcat-workers waited on a lock");
        // 2 cores at 1.35 ms a request allow 1,481/s, the least of all, and 900/s came: the shortfall is said too
        assertThat(model.notModelled()).contains("served 61 % of the 1481.5/s its limit (cores) allows");
    }
}
