package org.concurrencylab.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.concurrencylab.results.step.Connections;
import org.junit.jupiter.api.Test;

/**
 * The closed-model driver against servers of known capacity. Throughput may not exceed what Little's
 * law allows (2 % for clock granularity) and should come close to it; the lower tolerances are wide
 * because a 2-core CI machine runs the driver and the server side by side.
 */
class ClosedLoopDriverTest {

    private static final Duration D = Duration.ofMillis(50);

    private final ClosedLoopDriver driver = new ClosedLoopDriver();

    @Test
    void usersBeyondTheServersThreadsQueueAndThroughputStaysAtItsBound() throws Exception {
        try (FakeSlowServer server = new FakeSlowServer(2, D, 200)) {
            LoadResult result = driver.run(
                    server.uri(),
                    ClosedModel.custom(6, Duration.ofSeconds(5))
                            .repetitions(5)
                            .connections(Connections.KEEP_ALIVE)
                            .build(),
                    Progress.NONE);

            double bound = 2 / (D.toNanos() / 1e9); // 2 threads / 50 ms = 40 per second
            assertThat(result.sent()).isEqualTo(30);
            assertThat(result.ok()).isEqualTo(30);
            assertThat(result.throughputPerSecond()).isBetween(0.75 * bound, 1.02 * bound);
            // 6 users share 2 threads: each waits for its turn, about 3 D per request
            assertThat(result.okLatencyMicros().getMean() / 1000).isBetween(2.5 * D.toMillis(), 4.0 * D.toMillis());
            // Little's law from the client's side: users in flight = throughput x latency = all 6
            assertThat(result.meanInFlight()).isBetween(5.0, 6.01);
        }
    }

    @Test
    void usersWithinTheServersThreadsAreServedAtOnce() throws Exception {
        try (FakeSlowServer server = new FakeSlowServer(8, D, 200)) {
            LoadResult result = driver.run(
                    server.uri(),
                    ClosedModel.custom(4, Duration.ofSeconds(5))
                            .repetitions(5)
                            .connections(Connections.KEEP_ALIVE)
                            .build(),
                    Progress.NONE);

            double bound = 4 / (D.toNanos() / 1e9);
            assertThat(result.throughputPerSecond()).isBetween(0.75 * bound, 1.02 * bound);
            // served at once: D at least, and less than the 2 D a request queued behind another would take,
            // however slow a loaded machine makes the rest
            assertThat(result.okLatencyMicros().getValueAtPercentile(50) / 1000.0)
                    .isGreaterThanOrEqualTo(D.toMillis() - 1.0)
                    .isLessThan(2.0 * D.toMillis());
        }
    }

    @Test
    void eachUserKeepsOneConnectionForAllItsRequests() throws Exception {
        try (FakeSlowServer server = new FakeSlowServer(8, Duration.ofMillis(5), 200)) {
            driver.run(
                    server.uri(),
                    ClosedModel.custom(5, Duration.ofSeconds(5))
                            .repetitions(4)
                            .connections(Connections.KEEP_ALIVE)
                            .build(),
                    Progress.NONE);

            assertThat(server.connections()).isEqualTo(5);
        }
    }

    @Test
    void aNewConnectionPerRequestOpensOneForEveryRequestAndStillQueuesAtTheBound() throws Exception {
        try (FakeSlowServer server = new FakeSlowServer(2, D, 200)) {
            LoadResult result = driver.run(
                    server.uri(),
                    ClosedModel.custom(6, Duration.ofSeconds(5))
                            .repetitions(5)
                            .connections(Connections.NEW_PER_REQUEST)
                            .build(),
                    Progress.NONE);

            assertThat(server.connections()).isEqualTo(30);
            assertThat(result.ok()).isEqualTo(30);
            double bound = 2 / (D.toNanos() / 1e9);
            assertThat(result.throughputPerSecond()).isBetween(0.75 * bound, 1.02 * bound);
        }
    }

    @Test
    void answersSlowerThanTheTimeoutCountAsTimeouts() throws Exception {
        try (FakeSlowServer server = new FakeSlowServer(4, Duration.ofMillis(400), 200)) {
            LoadResult result = driver.run(
                    server.uri(),
                    ClosedModel.custom(2, Duration.ofMillis(100))
                            .repetitions(2)
                            .connections(Connections.NEW_PER_REQUEST)
                            .build(),
                    Progress.NONE);

            assertThat(result.ok()).isZero();
            assertThat(result.failuresByKind()).containsEntry(Outcome.TIMEOUT, 4L);
            assertThat(result.requests())
                    .allSatisfy(request -> assertThat(request.latencyNanos())
                            .isBetween(
                                    Duration.ofMillis(95).toNanos(),
                                    Duration.ofMillis(390).toNanos()));
        }
    }

    @Test
    void serverErrorsAreCountedByKind() throws Exception {
        try (FakeSlowServer server = new FakeSlowServer(2, Duration.ofMillis(1), 503)) {
            AtomicInteger failedSeen = new AtomicInteger();
            LoadResult result = driver.run(
                    server.uri(),
                    ClosedModel.custom(2, Duration.ofSeconds(2))
                            .repetitions(3)
                            .connections(Connections.NEW_PER_REQUEST)
                            .build(),
                    outcome -> {
                        if (outcome.failed()) failedSeen.incrementAndGet();
                    });

            assertThat(result.failuresByKind()).containsEntry(Outcome.HTTP_5XX, 6L);
            assertThat(failedSeen).hasValue(6);
        }
    }

    @Test
    void aClosedPortCountsAsConnectionErrors() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        LoadResult result = driver.run(
                URI.create("http://127.0.0.1:" + port + "/"),
                ClosedModel.custom(2, Duration.ofSeconds(1))
                        .repetitions(2)
                        .connections(Connections.NEW_PER_REQUEST)
                        .build(),
                Progress.NONE);

        assertThat(result.failuresByKind()).containsEntry(Outcome.CONNECTION_ERROR, 4L);
    }

    @Test
    void aSendingWindowEndsTheLoadByTime() throws Exception {
        try (FakeSlowServer server = new FakeSlowServer(4, Duration.ofMillis(20), 200)) {
            LoadResult result = driver.run(
                    server.uri(),
                    ClosedModel.custom(2, Duration.ofSeconds(2))
                            .heldFor(Duration.ofMillis(200))
                            .connections(Connections.KEEP_ALIVE)
                            .build(),
                    Progress.NONE);

            assertThat(result.elapsedSeconds()).isBetween(0.18, 1.0);
            assertThat(result.sent()).isBetween(4L, 22L);
        }
    }

    @Test
    void aCheckThatSaysStopEndsTheSendingBeforeTheWindowAndIsNotAskedAgain() throws Exception {
        try (FakeSlowServer server = new FakeSlowServer(4, D, 200)) {
            AtomicInteger asked = new AtomicInteger();
            java.util.concurrent.atomic.AtomicLong timed = new java.util.concurrent.atomic.AtomicLong();
            SendingCheck stopAtTheSecond = new SendingCheck() {
                @Override
                public Duration period() {
                    return Duration.ofMillis(200);
                }

                @Override
                public boolean stopSending() {
                    return asked.incrementAndGet() == 2;
                }
            };
            Progress latencies = new Progress() {
                @Override
                public void completed(Outcome outcome) {
                    throw new AssertionError("the driver tells the latency");
                }

                @Override
                public void completed(Outcome outcome, long latencyNanos) {
                    timed.addAndGet(latencyNanos);
                }
            };
            LoadResult result = driver.run(
                    Targets.of(java.util.List.of(server.uri())),
                    ClosedModel.custom(2, Duration.ofSeconds(2))
                            .heldFor(Duration.ofSeconds(20))
                            .connections(Connections.KEEP_ALIVE)
                            .build(),
                    latencies,
                    stopAtTheSecond);

            // stopped at the second check, 400 ms in, and its requests in flight answered: far from the 20 s
            assertThat(result.elapsedSeconds()).isBetween(0.38, 2.0);
            assertThat(asked).hasValue(2);
            // each user about one request a D until then: 2 x 400 ms / 50 ms
            assertThat(result.sent()).isBetween(8L, 18L);
            // the progress saw every request's latency, the driver's own figure
            long recorded = result.requests().stream()
                    .mapToLong(RequestRecord::latencyNanos)
                    .sum();
            assertThat(timed.get()).isEqualTo(recorded);
        }
    }

    @Test
    void aThinkTimeSpacesEachUsersRequestsAndLowersTheRateByLittlesLaw() throws Exception {
        Duration think = Duration.ofMillis(100);
        try (FakeSlowServer server = new FakeSlowServer(8, D, 200)) {
            LoadResult result = driver.run(
                    server.uri(),
                    ClosedModel.custom(4, Duration.ofSeconds(5))
                            .repetitions(5)
                            .thinkTime(think)
                            .connections(Connections.KEEP_ALIVE)
                            .build(),
                    Progress.NONE);

            assertThat(result.ok()).isEqualTo(20);
            // a user's next request leaves no sooner than its answer plus the think time
            for (int user = 0; user < 4; user++) {
                int id = user;
                java.util.List<RequestRecord> own =
                        result.requests().stream().filter(r -> r.user() == id).toList();
                for (int i = 1; i < own.size(); i++) {
                    long gap = own.get(i).startNanos()
                            - own.get(i - 1).startNanos()
                            - own.get(i - 1).latencyNanos();
                    assertThat(gap).isGreaterThanOrEqualTo(think.toNanos());
                }
            }
            // each user sends 5 requests with a think after all but the last: 5 D + 4 Z for 5 of them
            double bound = 4 * 5 / ((5 * D.toNanos() + 4 * think.toNanos()) / 1e9);
            assertThat(result.throughputPerSecond()).isBetween(0.75 * bound, 1.02 * bound);
        }
    }

    @Test
    void anInstanceThatJoinsWhileTheLoadRunsTakesTheUsersThatMapToIt() throws Exception {
        try (FakeSlowServer first = new FakeSlowServer(8, D, 200);
                FakeSlowServer joining = new FakeSlowServer(8, D, 200)) {
            Targets targets = Targets.of(java.util.List.of(first.uri()));
            AtomicInteger done = new AtomicInteger();
            // the second instance answers once 8 of the 40 requests are done, as an autoscaler's would
            Progress joinAfterEight = outcome -> {
                if (done.incrementAndGet() == 8) {
                    targets.add(joining.uri());
                }
            };
            LoadResult result = driver.run(
                    targets,
                    ClosedModel.custom(4, Duration.ofSeconds(5))
                            .repetitions(10)
                            .connections(Connections.KEEP_ALIVE)
                            .build(),
                    joinAfterEight);

            assertThat(result.ok()).isEqualTo(40);
            // users 1 and 3 map to the second of two: each leaves its connection for one to it; 0 and 2 stay
            assertThat(joining.connections()).isEqualTo(2);
            assertThat(first.connections()).isEqualTo(4);
            assertThat(targets.size()).isEqualTo(2);
        }
        assertThatThrownBy(() -> Targets.of(java.util.List.of(URI.create("http://127.0.0.1:1/")))
                        .add(URI.create("http://192.0.2.1/")))
                .hasMessageContaining("not a loopback address");
    }

    @Test
    void refusesTargetsOffLoopback() {
        assertThatThrownBy(() -> driver.run(
                        URI.create("http://192.0.2.1/"),
                        ClosedModel.custom(1, Duration.ofSeconds(1))
                                .repetitions(1)
                                .connections(Connections.NEW_PER_REQUEST)
                                .build(),
                        Progress.NONE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a loopback address");
    }
}
