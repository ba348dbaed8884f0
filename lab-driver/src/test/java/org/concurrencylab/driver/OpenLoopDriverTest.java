package org.concurrencylab.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.concurrencylab.results.step.Connections;
import org.junit.jupiter.api.Test;

/**
 * The open-model driver against servers of known capacity. The arrival rate must hold whatever the
 * server does (2 %: the scheduler's own granularity on a busy 2-core machine); throughput may not
 * exceed Little's law; latencies count from the schedule, so a queue in the server shows as growth.
 */
class OpenLoopDriverTest {

    private final OpenLoopDriver driver = new OpenLoopDriver();

    @Test
    void aServerWithRoomToSpareAnswersEveryRequestAtTheScheduledRate() throws Exception {
        try (FakeSlowServer server = new FakeSlowServer(8, Duration.ofMillis(20), 200)) {
            LoadResult result = driver.run(
                    server.uri(),
                    new OpenModel(100, Duration.ofSeconds(1), Duration.ofSeconds(5), Connections.NEW_PER_REQUEST),
                    Progress.NONE);

            assertThat(result.sent()).isEqualTo(100);
            assertThat(result.ok()).isEqualTo(100);
            assertThat(server.connections())
                    .as("a connection per injected request")
                    .isEqualTo(100);
            assertScheduledAt(result, 100);
            // 8 threads x 1/20 ms = 400 per second of capacity: nothing queues, about D each
            assertThat(result.okLatencyMicros().getValueAtPercentile(50) / 1000.0)
                    .isBetween(19.0, 60.0);
            // Little's law from the client: in flight = rate x latency, about 100/s x 20 ms = 2
            assertThat(result.meanInFlight()).isBetween(1.5, 6.0);
        }
    }

    @Test
    void aSlowServerDoesNotSlowTheArrivalsAndItsQueueShowsInTheLatency() throws Exception {
        Duration delay = Duration.ofMillis(50);
        try (FakeSlowServer server = new FakeSlowServer(1, delay, 200)) {
            LoadResult result = driver.run(
                    server.uri(),
                    new OpenModel(50, Duration.ofSeconds(1), Duration.ofSeconds(10), Connections.KEEP_ALIVE),
                    Progress.NONE);

            double capacity = 1 / (delay.toNanos() / 1e9); // one thread: 20 per second
            assertThat(result.ok()).isEqualTo(50);
            assertThat(server.connections())
                    .as("kept-alive connections are reused")
                    .isLessThan(50);
            assertScheduledAt(result, 50);
            assertThat(result.throughputPerSecond()).isBetween(0.7 * capacity, 1.02 * capacity);
            // offered 50/s, served 20/s: the queue grows by 30 a second, so the last requests wait
            // about 50 x 50 ms - 1 s = 1.5 s while the first wait about D
            List<RequestRecord> requests = result.requests();
            double firstTen = meanMillis(requests.subList(0, 10));
            double lastTen = meanMillis(requests.subList(40, 50));
            assertThat(firstTen).isLessThan(400);
            assertThat(lastTen).isBetween(1000.0, 2500.0);
        }
    }

    /**
     * The arrivals are the schedule's, whatever the machine: request i is due at i / rate exactly, and a
     * request sent late counts its lateness in its latency (no coordinated omission). How late a loaded
     * 2-core machine sends is its own business, so the rate actually achieved is only held to 10 %.
     */
    private static void assertScheduledAt(LoadResult result, double ratePerSecond) {
        List<RequestRecord> requests = result.requests();
        long intervalNanos = Math.round(1e9 / ratePerSecond);
        for (int i = 0; i < requests.size(); i++) {
            RequestRecord request = requests.get(i);
            assertThat(request.startNanos() - requests.getFirst().startNanos())
                    .as("due time of request %d", i)
                    .isCloseTo(i * intervalNanos, org.assertj.core.api.Assertions.within(1_000L));
            assertThat(request.latenessNanos()).isNotNegative();
            assertThat(request.latencyNanos())
                    .as("latency from the due time")
                    .isGreaterThanOrEqualTo(request.latenessNanos());
        }
        assertThat(result.achievedSendRatePerSecond()).isBetween(0.9 * ratePerSecond, 1.1 * ratePerSecond);
    }

    @Test
    void requestsPastTheirDeadlineCountAsTimeoutsAndTheRunDoesNotWaitForTheServer() throws Exception {
        Duration timeout = Duration.ofMillis(200);
        try (FakeSlowServer server = new FakeSlowServer(1, Duration.ofMillis(1000), 200)) {
            long started = System.nanoTime();
            LoadResult result = driver.run(
                    server.uri(),
                    new OpenModel(100, Duration.ofMillis(200), timeout, Connections.NEW_PER_REQUEST),
                    Progress.NONE);
            double seconds = (System.nanoTime() - started) / 1e9;

            assertThat(result.sent()).isEqualTo(20);
            assertThat(result.failuresByKind()).containsEntry(Outcome.TIMEOUT, 20L);
            assertThat(result.requests())
                    .allSatisfy(request ->
                            assertThat(request.latencyNanos()).isBetween(timeout.toNanos(), timeout.toNanos() * 3));
            // the schedule (0.2 s) plus one timeout, not 20 answers of 1 s each
            assertThat(seconds).isLessThan(3.0);
        }
    }

    @Test
    void theInFlightCapLeavesRequestsUnsentRatherThanQueueingThem() throws Exception {
        try (FakeSlowServer server = new FakeSlowServer(1, Duration.ofMillis(500), 200)) {
            LoadResult result = driver.run(
                    server.uri(),
                    new OpenModel(100, Duration.ofMillis(200), Duration.ofSeconds(5), 5, Connections.NEW_PER_REQUEST),
                    Progress.NONE);

            long notSent = result.failuresByKind().getOrDefault(Outcome.NOT_SENT, 0L);
            assertThat(result.sent()).isEqualTo(20);
            assertThat(notSent).isEqualTo(15);
            assertThat(server.connections()).isLessThanOrEqualTo(5);
        }
    }

    @Test
    void refusesTargetsOffLoopback() {
        assertThatThrownBy(() -> driver.run(
                        URI.create("http://192.0.2.1/"),
                        new OpenModel(1, Duration.ofSeconds(1), Duration.ofSeconds(1), Connections.NEW_PER_REQUEST),
                        Progress.NONE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a loopback address");
    }

    private static double meanMillis(List<RequestRecord> requests) {
        return requests.stream()
                        .mapToLong(RequestRecord::latencyNanos)
                        .average()
                        .orElseThrow()
                / 1e6;
    }
}
