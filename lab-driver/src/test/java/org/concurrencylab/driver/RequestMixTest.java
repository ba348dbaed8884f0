package org.concurrencylab.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.concurrencylab.results.step.Connections;
import org.junit.jupiter.api.Test;

class RequestMixTest {

    private static final RequestTemplate POST =
            RequestTemplate.custom().method("POST").body("{\"item\": 1}").build();
    private static final RequestMix THREE_READS_ONE_WRITE = new RequestMix(List.of(
            RequestMix.Part.of("/orders/1", RequestTemplate.ofDefaults(), 3), RequestMix.Part.of("/orders", POST, 1)));

    @Test
    void thePartsAreInterleavedByWeightAndEachUserStartsElsewhereInTheCycle() {
        assertThat(IntStream.range(0, 8)
                        .map(n -> THREE_READS_ONE_WRITE.partOf(0, n))
                        .boxed()
                        .toList())
                .containsExactly(0, 0, 1, 0, 0, 0, 1, 0);
        assertThat(IntStream.range(0, 4)
                        .map(user -> THREE_READS_ONE_WRITE.partOf(user, 0))
                        .boxed()
                        .toList())
                .containsExactly(0, 0, 1, 0);
        RequestMix fiveTwoOne = new RequestMix(List.of(
                RequestMix.Part.of("/a", RequestTemplate.ofDefaults(), 5),
                RequestMix.Part.of("/b", RequestTemplate.ofDefaults(), 2),
                RequestMix.Part.of("/c", RequestTemplate.ofDefaults(), 1)));
        Map<Integer, Long> oneRound = IntStream.range(0, 8)
                .mapToObj(n -> fiveTwoOne.partOf(3, n))
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        assertThat(oneRound).containsExactlyInAnyOrderEntriesOf(Map.of(0, 5L, 1, 2L, 2, 1L));
    }

    @Test
    void aMixIsValidatedWhole() {
        assertThatThrownBy(() -> RequestMix.Part.of("orders", RequestTemplate.ofDefaults(), 1))
                .hasMessageContaining("starts with '/'");
        assertThatThrownBy(() -> RequestMix.Part.of("/orders", RequestTemplate.ofDefaults(), 0))
                .hasMessageContaining("1 or more");
        assertThatThrownBy(() -> new RequestMix(List.of())).hasMessageContaining("at least one");
        assertThatThrownBy(() -> new RequestMix(List.of(
                        RequestMix.Part.of("/a", RequestTemplate.ofDefaults(), 600),
                        RequestMix.Part.of("/b", RequestTemplate.ofDefaults(), 600))))
                .hasMessageContaining("add up to 1000");
        assertThatThrownBy(() -> new RequestMix(List.of(
                        new RequestMix.Part(Optional.empty(), RequestTemplate.ofDefaults(), 1),
                        RequestMix.Part.of("/b", RequestTemplate.ofDefaults(), 1))))
                .hasMessageContaining("says its path");
        assertThat(THREE_READS_ONE_WRITE.describe())
                .isEqualTo("2 requests: GET /orders/1 75 %, POST /orders (a body of 11 bytes) 25 %");
    }

    @Test
    void bothDriversSendEachPartToItsPathAsOftenAsItsWeightSays() throws Exception {
        Map<String, AtomicInteger> received = new ConcurrentHashMap<>();
        List<String> bodies = java.util.Collections.synchronizedList(new ArrayList<>());
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            received.computeIfAbsent(
                            exchange.getRequestMethod() + " " + exchange.getRequestURI(), key -> new AtomicInteger())
                    .incrementAndGet();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (!body.isEmpty()) {
                bodies.add(body);
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        try {
            // the target's own path is not asked: each part says its own
            URI target = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/elsewhere");
            LoadResult closed = new ClosedLoopDriver()
                    .run(
                            target,
                            ClosedModel.custom(3, Duration.ofSeconds(5))
                                    .repetitions(8)
                                    .connections(Connections.KEEP_ALIVE)
                                    .requests(THREE_READS_ONE_WRITE)
                                    .build(),
                            Progress.NONE);

            assertThat(closed.ok()).isEqualTo(24);
            assertThat(counts(received))
                    .containsExactlyInAnyOrderEntriesOf(Map.of("GET /orders/1", 18, "POST /orders", 6));
            assertThat(bodies).hasSize(6).containsOnly("{\"item\": 1}");
            assertThat(closed.requests())
                    .allSatisfy(record -> assertThat(THREE_READS_ONE_WRITE.partOf(record.user(), record.sequence()))
                            .isBetween(0, 1));

            received.clear();
            bodies.clear();
            LoadResult open = new OpenLoopDriver()
                    .run(
                            target,
                            new OpenModel(
                                            200,
                                            Duration.ofMillis(200),
                                            Duration.ofSeconds(5),
                                            Connections.NEW_PER_REQUEST)
                                    .sending(THREE_READS_ONE_WRITE),
                            Progress.NONE);

            assertThat(open.ok()).isEqualTo(40);
            assertThat(counts(received))
                    .containsExactlyInAnyOrderEntriesOf(Map.of("GET /orders/1", 30, "POST /orders", 10));
            assertThat(bodies).hasSize(10).containsOnly("{\"item\": 1}");
        } finally {
            server.stop(0);
        }
    }

    private static Map<String, Integer> counts(Map<String, AtomicInteger> received) {
        return received.entrySet().stream()
                .collect(Collectors.toMap(
                        Map.Entry::getKey, entry -> entry.getValue().get()));
    }
}
