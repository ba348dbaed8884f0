package org.concurrencylab.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.concurrencylab.results.step.Connections;
import org.junit.jupiter.api.Test;

class RequestTemplateTest {

    private record Received(String method, String contentType, String tenant, String body) {}

    @Test
    void everyRequestOfAClosedLoadSendsTheMethodHeadersAndBody() throws Exception {
        List<Received> received = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/orders", exchange -> {
            received.add(new Received(
                    exchange.getRequestMethod(),
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestHeaders().getFirst("X-Tenant"),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
            exchange.sendResponseHeaders(201, -1);
            exchange.close();
        });
        server.start();
        try {
            RequestTemplate post = RequestTemplate.custom()
                    .method("post")
                    .header("X-Tenant: ${TENANT}")
                    .body("{\"item\": \"café\"}")
                    .build()
                    .resolved(Map.of("TENANT", "acme")::get);
            for (Connections connections : Connections.values()) {
                received.clear();
                LoadResult load = new ClosedLoopDriver()
                        .run(
                                URI.create("http://127.0.0.1:"
                                        + server.getAddress().getPort() + "/orders"),
                                ClosedModel.custom(2, Duration.ofSeconds(5))
                                        .repetitions(3)
                                        .connections(connections)
                                        .request(post)
                                        .build(),
                                Progress.NONE);

                assertThat(load.ok()).as(connections.label()).isEqualTo(6);
                assertThat(received)
                        .as(connections.label())
                        .hasSize(6)
                        .containsOnly(new Received(
                                "POST", "application/json; charset=UTF-8", "acme", "{\"item\": \"café\"}"));
            }
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aPlainGetIsTheDefault() {
        assertThat(ClosedModel.custom(1, Duration.ofSeconds(1))
                        .build()
                        .requests()
                        .equals(RequestMix.of(RequestTemplate.ofDefaults())))
                .isTrue();
        assertThat(RequestTemplate.ofDefaults().describe("/orders/1")).isEqualTo("GET /orders/1");
        assertThat(RequestTemplate.custom()
                        .method("POST")
                        .header("X-Tenant", "a")
                        .body("{}")
                        .build()
                        .describe("/orders"))
                .isEqualTo("POST /orders (1 header, a body of 2 bytes)");
    }

    @Test
    void whatCannotBeSentIsRefusedWithTheReason() {
        assertThatThrownBy(() -> RequestTemplate.custom().method("TRACE").build())
                .hasMessageContaining("GET, POST, PUT, PATCH, DELETE");
        assertThatThrownBy(() -> RequestTemplate.custom().body("{}").build())
                .hasMessageContaining("a GET sends no body");
        assertThatThrownBy(() ->
                        RequestTemplate.custom().header("Connection: close").build())
                .hasMessageContaining("the client's to set");
        assertThatThrownBy(() ->
                        RequestTemplate.custom().header("Content-Length", "3").build())
                .hasMessageContaining("the client's to set");
        assertThatThrownBy(
                        () -> RequestTemplate.custom().header("X Tenant", "a").build())
                .hasMessageContaining("a token");
        assertThatThrownBy(() -> RequestTemplate.custom().header("no colon").build())
                .hasMessageContaining("'Name: value'");
        assertThatThrownBy(() ->
                        RequestTemplate.custom().header("X-A", "1\r\nX-B: 2").build())
                .hasMessageContaining("line break");
        assertThatThrownBy(() -> RequestTemplate.custom().header("X-A", "1").header("x-a", "2"))
                .hasMessageContaining("given twice");
    }

    @Test
    void aVariableIsPutInFromTheEnvironmentAndAMissingOneIsNamed() {
        RequestTemplate declared = RequestTemplate.custom()
                .header("Authorization", "Bearer ${TOKEN}")
                .header("X-Static", "$5 {x}")
                .build();

        assertThat(declared.resolved(Map.of("TOKEN", "s3cr$t\\1")::get).headers())
                .containsExactly(Map.entry("Authorization", "Bearer s3cr$t\\1"), Map.entry("X-Static", "$5 {x}"));
        assertThat(declared.headers()).containsEntry("Authorization", "Bearer ${TOKEN}");
        assertThatThrownBy(() -> declared.resolved(name -> null)).hasMessageContaining("${TOKEN}, which is not set");
    }
}
