package org.concurrencylab.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.concurrencylab.results.step.Connections.KEEP_ALIVE;
import static org.concurrencylab.results.step.Connections.NEW_PER_REQUEST;

import java.time.Duration;
import java.util.Map;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.results.Sizing;
import org.junit.jupiter.api.Test;

class CapacityModelTest {

    private static final Duration ONE_SECOND = Duration.ofSeconds(1);
    private static final LoadStep HUNDRED_USERS = new LoadStep.Closed(100, 10);

    @Test
    void pinnedLoopsAreBoundByTheBusiestLoop() {
        var loops = new CapacityModel.EventLoops("nettyEventLoops", cpus -> Math.max(cpus, 4));

        // 8 loops: 13 users on the busiest, 130 s for 1000 requests, not 8 per second
        assertThat(loops.bound(HUNDRED_USERS, KEEP_ALIVE, ONE_SECOND, Sizing.of(Map.of("nettyEventLoops", 8)), 8)
                        .throughputPerSecond())
                .isCloseTo(1000.0 / 130, within(1e-9));
        // the machine's 2 CPUs give 4 loops and exactly 25 users on each
        assertThat(loops.boundForCpus(HUNDRED_USERS, KEEP_ALIVE, ONE_SECOND, 2).throughputPerSecond())
                .isCloseTo(4.0, within(1e-9));
        // fewer users than loops: everyone is served at once
        assertThat(loops.bound(new LoadStep.Closed(4, 10), KEEP_ALIVE, ONE_SECOND, Sizing.of(Map.of()), 8)
                        .throughputPerSecond())
                .isCloseTo(4.0, within(1e-9));
    }

    @Test
    void newConnectionsSpreadOverTheLoopsSoEveryLoopServesOnePerD() {
        var loops = new CapacityModel.EventLoops("nettyEventLoops", cpus -> Math.max(cpus, 4));

        // 1000 requests, each on a new connection given to the next of 8 loops: 125 D, not the busiest loop's 130 D
        assertThat(loops.bound(HUNDRED_USERS, NEW_PER_REQUEST, ONE_SECOND, Sizing.of(Map.of("nettyEventLoops", 8)), 8)
                        .throughputPerSecond())
                .isCloseTo(8.0, within(1e-9));
        // 10 users on 8 loops: at best 13 rounds of D; played out with ties in the users' order, 15 D
        CapacityModel.Bound tenUsers = loops.bound(
                new LoadStep.Closed(10, 10), NEW_PER_REQUEST, ONE_SECOND, Sizing.of(Map.of("nettyEventLoops", 8)), 8);
        assertThat(tenUsers.throughputPerSecond()).isCloseTo(100.0 / 13, within(1e-9));
        assertThat(tenUsers.explanation()).contains("at best 13 D").contains("up to 15 D");
        assertThat(CapacityModel.roundRobinElapsedInD(10, 10, 8)).isEqualTo(15.0);
        // as many users as loops: each keeps its own loop in turn, C per D
        assertThat(loops.bound(
                                new LoadStep.Closed(8, 10),
                                NEW_PER_REQUEST,
                                ONE_SECOND,
                                Sizing.of(Map.of("nettyEventLoops", 8)),
                                8)
                        .throughputPerSecond())
                .isCloseTo(8.0, within(1e-9));
    }

    @Test
    void poolsPerPathServeEachPathsShareUpToTheirOwnThreads() {
        var twoApplications = new CapacityModel.PoolPerPath(java.util.List.of(
                new CapacityModel.PoolPerPath.PathPool(
                        10 / 11.0, new CapacityModel.SharedPool("first", "firstThreads", cpus -> 10)),
                new CapacityModel.PoolPerPath.PathPool(
                        1 / 11.0, new CapacityModel.SharedPool("second", "secondThreads", cpus -> 4))));
        var open = new LoadStep.Open(20, Duration.ofSeconds(60));

        // the first path's 18.2/s meet 10 threads of 1 s; the second's 1.8/s pass its 4 threads whole
        assertThat(twoApplications
                        .bound(open, KEEP_ALIVE, ONE_SECOND, Sizing.of(Map.of()), 8)
                        .throughputPerSecond())
                .isCloseTo(10 + 20 / 11.0, within(1e-9));
        // the sizes the service reported win over the declared ones
        assertThat(twoApplications
                        .bound(
                                open,
                                KEEP_ALIVE,
                                ONE_SECOND,
                                Sizing.of(Map.of("firstThreads", 20, "secondThreads", 1)),
                                8)
                        .throughputPerSecond())
                .isCloseTo(20 * 10 / 11.0 + 1, within(1e-9));
        // closed users cross both pools: the first fills at 10 / (10/11) = 11/s, before the second's 44/s
        assertThat(twoApplications
                        .bound(HUNDRED_USERS, KEEP_ALIVE, ONE_SECOND, Sizing.of(Map.of()), 8)
                        .throughputPerSecond())
                .isCloseTo(11, within(1e-9));
        // and five users ask for less than either
        assertThat(twoApplications
                        .bound(new LoadStep.Closed(5, 10), KEEP_ALIVE, ONE_SECOND, Sizing.of(Map.of()), 8)
                        .throughputPerSecond())
                .isCloseTo(5, within(1e-9));
    }

    @Test
    void poolsPerPathTakeSharesThatMakeAWhole() {
        var pool = new CapacityModel.SharedPool("p", "pThreads", cpus -> 1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new CapacityModel.PoolPerPath(java.util.List.of(
                        new CapacityModel.PoolPerPath.PathPool(0.5, pool),
                        new CapacityModel.PoolPerPath.PathPool(0.4, pool))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("add up to 1");
    }

    @Test
    void aSharedPoolServesAtMostItsThreadsPerServiceTime() {
        var tomcat = new CapacityModel.SharedPool("Tomcat worker", "tomcatMaxThreads", cpus -> 200);

        assertThat(tomcat.bound(HUNDRED_USERS, KEEP_ALIVE, ONE_SECOND, Sizing.of(Map.of("tomcatMaxThreads", 20)), 8)
                        .throughputPerSecond())
                .isCloseTo(20.0, within(1e-9));
        assertThat(tomcat.bound(HUNDRED_USERS, KEEP_ALIVE, ONE_SECOND, Sizing.of(Map.of()), 8)
                        .throughputPerSecond())
                .isCloseTo(100.0, within(1e-9));
        // 1000 requests through 30 threads take ceil(1000 / 30) = 34 rounds of D
        assertThat(tomcat.bound(HUNDRED_USERS, KEEP_ALIVE, ONE_SECOND, Sizing.of(Map.of("tomcatMaxThreads", 30)), 8)
                        .throughputPerSecond())
                .isCloseTo(1000.0 / 34, within(1e-9));
    }

    @Test
    void theBoundScalesWithTheServiceTime() {
        var unbounded = new CapacityModel.Unbounded("test");

        assertThat(unbounded
                        .bound(HUNDRED_USERS, KEEP_ALIVE, Duration.ofMillis(100), Sizing.of(Map.of()), 8)
                        .throughputPerSecond())
                .isCloseTo(1000.0, within(1e-9));
    }

    @Test
    void thinkingUsersBoundTheLoadButTheMachineStretchesOnlyTheirRequests() {
        // 250 users thinking 1 s between answers, D = 15 ms: they ask ~246/s, far below 40 pooled threads' 2667/s
        LoadStep.Held thinking =
                new LoadStep.Held(250, Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(1));
        Duration d = Duration.ofMillis(15);
        var pool = new CapacityModel.SharedPool("tomcat-workers", "tomcatMaxThreads", cpus -> 40);

        CapacityModel.Bound users = pool.bound(thinking, KEEP_ALIVE, d, Sizing.of(Map.of()), 2);
        CapacityModel.Bound alone =
                new CapacityModel.Unbounded("test", 2).bound(thinking, KEEP_ALIVE, d, Sizing.of(Map.of()), 2);

        assertThat(users.throughputPerSecond()).isLessThan(250 / 1.015 + 1);
        assertThat(users.explanation()).contains("users");
        // a wait for a core is all in a request's latency, however long its user then thinks: the hold is the
        // request's (1 D; 2 D where the service takes 2 D), not the user's cycle of 1 s + D
        assertThat(users.holdInD()).isEqualTo(1.0);
        assertThat(alone.holdInD()).isEqualTo(2.0);
    }

    @Test
    void anOpenLoadIsBoundByTheSmallerOfItsRateAndThePoolsCapacity() {
        // the fan-out on the default pool: 7 threads, 2 calls of D = 300 ms per request
        var commonPool = new CapacityModel.SharedPool(
                "common-pool", "commonPoolParallelism", cpus -> cpus - 1, new CapacityModel.Hold(2, 1));
        LoadStep twentyPerSecond = new LoadStep.Open(20, Duration.ofSeconds(60));
        Duration d = Duration.ofMillis(300);

        assertThat(commonPool.boundForCpus(twentyPerSecond, KEEP_ALIVE, d, 8).throughputPerSecond())
                .isCloseTo(7 / 0.6, within(1e-9));
        // on 2 CPUs the pool has one thread: even a lone request's two calls run one after the other
        assertThat(commonPool
                        .boundForCpus(new LoadStep.Closed(1, 5), KEEP_ALIVE, d, 2)
                        .throughputPerSecond())
                .isCloseTo(1 / 0.6, within(1e-9));
        assertThat(commonPool.boundForCpus(twentyPerSecond, KEEP_ALIVE, d, 64).throughputPerSecond())
                .isCloseTo(20.0, within(1e-9));
        assertThat(new CapacityModel.Unbounded("test")
                        .bound(twentyPerSecond, KEEP_ALIVE, d, Sizing.of(Map.of()), 8)
                        .throughputPerSecond())
                .isCloseTo(20.0, within(1e-9));
    }

    @Test
    void aRequestsPartsAreTasksOfTheirOwnSoAnOddPoolServesHalfARequestMore() {
        // measured on the fan-out's own pool, 6 users x 40 at D = 90 ms: 3 threads served 16.1/s, 9 served 47.3/s;
        // a request that waited for two free threads at once would get 11.1 and 44.4/s at most
        var pool = new CapacityModel.SharedPool(
                "fan-out-pool", "fanOutPoolSize", cpus -> 12, new CapacityModel.Hold(2, 1));
        Duration d = Duration.ofMillis(90);
        LoadStep sixUsers = new LoadStep.Closed(6, 40);

        assertThat(pool.bound(sixUsers, KEEP_ALIVE, d, Sizing.of(Map.of("fanOutPoolSize", 3)), 2)
                        .throughputPerSecond())
                .isCloseTo(3 / (2 * 0.09), within(1e-9));
        // 480 calls on 9 threads: 54 rounds, the last one not full
        assertThat(pool.bound(sixUsers, KEEP_ALIVE, d, Sizing.of(Map.of("fanOutPoolSize", 9)), 2)
                        .throughputPerSecond())
                .isCloseTo(240 / (54 * 0.09), within(1e-9));
        assertThat(pool.bound(sixUsers, KEEP_ALIVE, d, Sizing.of(Map.of("fanOutPoolSize", 12)), 2)
                        .throughputPerSecond())
                .isCloseTo(6 / 0.09, within(1e-9));
    }

    @Test
    void aRequestHoldingItsThreadForTwoServiceTimesHalvesTheBound() {
        var sequential = new CapacityModel.SharedPool(
                "Tomcat worker", "tomcatMaxThreads", cpus -> 200, new CapacityModel.Hold(1, 2));

        assertThat(sequential
                        .boundForCpus(new LoadStep.Closed(1, 5), KEEP_ALIVE, ONE_SECOND, 8)
                        .throughputPerSecond())
                .isCloseTo(0.5, within(1e-9));
    }

    @Test
    void cpuWorkIsBoundByTheCoresItCanKeepBusy() {
        // a request costs D x CPUs of CPU: 10 threads on 2 CPUs keep both busy, 1 thread only one
        var tomcat = new CapacityModel.CpuWork("Tomcat worker", "tomcatMaxThreads", cpus -> 10);
        var single = new CapacityModel.CpuWork("pi", "schedulerThreads", cpus -> 1);
        LoadStep thirtyAtOnce = new LoadStep.Closed(30, 1);

        assertThat(tomcat.bound(thirtyAtOnce, KEEP_ALIVE, ONE_SECOND, Sizing.of(Map.of("machineCpus", 2)), 2)
                        .throughputPerSecond())
                .isCloseTo(1.0, within(1e-9));
        assertThat(single.bound(
                                thirtyAtOnce,
                                KEEP_ALIVE,
                                ONE_SECOND,
                                Sizing.of(Map.of("machineCpus", 2, "schedulerThreads", 1)),
                                2)
                        .throughputPerSecond())
                .isCloseTo(0.5, within(1e-9));
    }

    @Test
    void cpuWorkOfALargerRequestTakesItsFactorLonger() {
        // the service reports a work factor of 1.5: each request is 1.5 x D x CPUs of CPU
        var tomcat = new CapacityModel.CpuWork("Tomcat worker", "tomcatMaxThreads", cpus -> 10);
        CapacityModel.Bound bound = tomcat.bound(
                new LoadStep.Closed(30, 1),
                KEEP_ALIVE,
                ONE_SECOND,
                Sizing.of(Map.of("machineCpus", 2, "workFactor", 1.5)),
                2);

        assertThat(bound.throughputPerSecond()).isCloseTo(1 / 1.5, within(1e-9));
        assertThat(bound.explanation()).endsWith("2 requests of 1.50 x D x 2 CPU at once");
    }

    @Test
    void boundedElasticFollowsTheCpuCount() {
        var boundedElastic =
                new CapacityModel.SharedPool("boundedElastic", "boundedElasticMaxThreads", cpus -> 10 * cpus);

        assertThat(boundedElastic
                        .boundForCpus(HUNDRED_USERS, KEEP_ALIVE, ONE_SECOND, 2)
                        .throughputPerSecond())
                .isCloseTo(20.0, within(1e-9));
        assertThat(boundedElastic
                        .boundForCpus(HUNDRED_USERS, KEEP_ALIVE, ONE_SECOND, 8)
                        .throughputPerSecond())
                .isCloseTo(1000.0 / 13, within(1e-9));
    }
}
