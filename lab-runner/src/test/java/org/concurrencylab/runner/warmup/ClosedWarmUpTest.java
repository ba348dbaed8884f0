package org.concurrencylab.runner.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongToIntFunction;
import org.concurrencylab.driver.ClosedLoopDriver;
import org.concurrencylab.driver.ClosedModel;
import org.concurrencylab.driver.Targets;
import org.concurrencylab.results.step.Connections;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A warm-up of 4 users against a server on 127.0.0.1 with threads for all of them, whose answer takes a time the
 * test sets per request; no service probe, so the JIT is not read and the count and the throughput decide.
 */
class ClosedWarmUpTest {

    private static final Duration WINDOW = Duration.ofMillis(250);
    private static final Duration CAP = Duration.ofSeconds(10);
    private static final SteadyWarmUp RULE = new SteadyWarmUp(0.10, 0.05, 100);

    private HttpServer server;
    private ExecutorService threads;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
            threads.shutdownNow();
        }
    }

    @Test
    void aServiceThatAnswersInTheSameTimeEndsItsWarmUpLongBeforeTheCap() throws Exception {
        URI target = serverTaking(sinceStart -> 20);

        SteadyWarmUp.Outcome outcome = warmUp(target, CAP);

        // 4 users at 20 ms: 200 a second, the 100 requests within the first window or two, then two windows agree
        assertThat(outcome.steady()).isTrue();
        assertThat(outcome.answered()).isGreaterThanOrEqualTo(100);
        assertThat(outcome.took()).isLessThan(Duration.ofSeconds(5));
        // Little's law from the window's latencies: 4 users over about 20 ms
        assertThat(outcome.last().throughput()).isBetween(120.0, 205.0);
        assertThat(outcome.sentence(RULE, "a longer --warm-up"))
                .contains("ended steady")
                .contains("the JIT's CPU is not measured on this system");
    }

    @Test
    void aServiceThatKeepsSlowingDownReachesTheCapShortOfSteady() throws Exception {
        // 10 ms, twice as long every half second: each window some 40 % slower than the one before
        URI target = serverTaking(sinceStart -> (int) Math.min(400, 10 * Math.pow(2, sinceStart / 500.0)));

        SteadyWarmUp.Outcome outcome = warmUp(target, Duration.ofSeconds(2));

        assertThat(outcome.steady()).isFalse();
        assertThat(outcome.took()).isGreaterThanOrEqualTo(Duration.ofMillis(1900));
        assertThat(outcome.sentence(RULE, "a longer --warm-up"))
                .startsWith("The warm-up reached its cap of")
                .endsWith("(a longer --warm-up lets it finish).");
    }

    @Test
    void tooFewRequestsForTheJitEndAtTheCapHoweverSteady() throws Exception {
        URI target = serverTaking(sinceStart -> 100);

        // 4 users at 100 ms answer 40 a second: 100 requests take 2.5 s, past the cap of 1.5 s
        SteadyWarmUp.Outcome outcome = warmUp(target, Duration.ofMillis(1500));

        assertThat(outcome.steady()).isFalse();
        assertThat(outcome.answered()).isBetween(40L, 80L);
        assertThat(outcome.sentence(RULE, "a longer --warm-up")).contains("(at least 100)");
    }

    private static SteadyWarmUp.Outcome warmUp(URI target, Duration cap) throws Exception {
        return ClosedWarmUp.run(
                new ClosedLoopDriver(),
                Targets.of(List.of(target)),
                ClosedModel.custom(4, Duration.ofSeconds(5))
                        .heldFor(cap)
                        .connections(Connections.KEEP_ALIVE)
                        .build(),
                List.of(),
                RULE,
                WINDOW);
    }

    /** A server whose answer to a request {@code t} ms after its first takes {@code millis.applyAsInt(t)} ms. */
    private URI serverTaking(LongToIntFunction millis) throws IOException {
        AtomicLong first = new AtomicLong();
        threads = Executors.newFixedThreadPool(8);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(threads);
        server.createContext("/warm", exchange -> {
            try (exchange) {
                long now = System.nanoTime();
                first.compareAndSet(0, now);
                Thread.sleep(millis.applyAsInt((now - first.get()) / 1_000_000));
                exchange.sendResponseHeaders(200, -1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/warm");
    }
}
