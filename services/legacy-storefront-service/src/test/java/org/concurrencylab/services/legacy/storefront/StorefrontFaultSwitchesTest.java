package org.concurrencylab.services.legacy.storefront;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.servlet.resource.CachingResourceResolver;
import org.springframework.web.servlet.resource.ResourceHttpRequestHandler;
import org.springframework.web.servlet.resource.ResourceUrlProvider;

/**
 * Each of the storefront's fault switches changes what it says it changes, on the real application
 * against a stand-in orders service on 127.0.0.1: the legacy's client has no pool and no timeout, the
 * fixed one its limits and a read timeout; the mapper is built per request or shared; the stack trace is
 * logged or not; the resource chain caches or not; the circuit breaker opens or the calls keep coming.
 * D is 10 ms, so the fixed client's read timeout of 100 D is 1 s.
 */
class StorefrontFaultSwitchesTest {

    /** The legacy's own settings, where Boot's defaults would already be the fix (as the lab's catalog sets them). */
    private static final Map<String, String> LEGACY = Map.of(
            "spring.web.resources.chain.cache",
            "false",
            "logging.level.org.concurrencylab.services.legacy.storefront.OrdersGateway",
            "DEBUG");

    private static final Map<String, String> FIXED = Map.of(
            "legacy.storefront.http-client",
            "POOLED",
            "legacy.storefront.mapper-per-request",
            "false",
            "legacy.storefront.circuit-breaker",
            "true",
            "spring.web.resources.chain.cache",
            "true",
            "legacy.storefront.optimized-resources",
            "true",
            "spring.web.resources.add-mappings",
            "false",
            "logging.level.org.concurrencylab.services.legacy.storefront.OrdersGateway",
            "INFO");

    @TempDir
    Path logs;

    private final FakeOrders orders = new FakeOrders();
    private final List<ConfigurableApplicationContext> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(ConfigurableApplicationContext::close);
        orders.close();
    }

    private ConfigurableApplicationContext storefront(Map<String, String> switches) {
        List<String> properties = new ArrayList<>(List.of(
                "server.port=0",
                "server.address=127.0.0.1",
                "lab.services.orders.url=" + orders.uri(),
                "lab.downstream.latency=PT0.01S",
                "lab.log-file=" + logs.resolve("storefront.log")));
        switches.forEach((key, value) -> properties.add(key + "=" + value));
        ConfigurableApplicationContext context = new SpringApplicationBuilder(LegacyStorefrontServiceApplication.class)
                .properties(properties.toArray(String[]::new))
                .run();
        started.add(context);
        return context;
    }

    @Test
    void theLegacyClientHasADefaultPoolAndWaitsForOrdersAsLongAsItTakesWhileTheFixedOneTimesOut() {
        orders.delayMillis = 1_500;
        ConfigurableApplicationContext legacy = storefront(LEGACY);
        assertThat(legacy.getBean("ordersRestTemplate", RestTemplate.class).getRequestFactory())
                .isInstanceOf(HttpComponentsClientHttpRequestFactory.class);
        // HttpClient's own default: a few connections per route, far fewer than the fix's 100
        double legacyPerRoute = legacy.getBean(MeterRegistry.class)
                .get("httpcomponents.httpclient.pool.route.max.default")
                .gauge()
                .value();
        assertThat(legacyPerRoute)
                .isEqualTo(OrdersClients.defaultPool().getDefaultMaxPerRoute())
                .isBetween(1.0, 10.0);
        long start = System.nanoTime();
        assertThat(legacy.getBean(OrdersGateway.class).fetch(7).id()).isEqualTo(7);
        assertThat((System.nanoTime() - start) / 1e6).isGreaterThanOrEqualTo(1_500);

        ConfigurableApplicationContext fixed = storefront(FIXED);
        assertThat(fixed.getBean("ordersRestTemplate", RestTemplate.class).getRequestFactory())
                .isInstanceOf(HttpComponentsClientHttpRequestFactory.class);
        MeterRegistry registry = fixed.getBean(MeterRegistry.class);
        assertThat(registry.get("httpcomponents.httpclient.pool.total.max")
                        .gauge()
                        .value())
                .isEqualTo(100);
        assertThat(registry.get("httpcomponents.httpclient.pool.route.max.default")
                        .gauge()
                        .value())
                .isEqualTo(100);
        long fixedStart = System.nanoTime();
        assertThatThrownBy(() -> fixed.getBean(OrdersGateway.class).fetch(7))
                .isInstanceOf(ResourceAccessException.class);
        assertThat((System.nanoTime() - fixedStart) / 1e6)
                .as("the read timeout of 100 D")
                .isBetween(950.0, 1_450.0);
    }

    @Test
    void theLegacyBuildsAMapperPerRequestAndTheFixSharesOne() {
        OrdersGateway legacy = storefront(LEGACY).getBean(OrdersGateway.class);
        assertThat(legacy.mapper()).isNotSameAs(legacy.mapper());
        OrdersGateway fixed = storefront(FIXED).getBean(OrdersGateway.class);
        assertThat(fixed.mapper()).isSameAs(fixed.mapper());
    }

    @Test
    void theLegacyLogsAStackTracePerOrderAndTheFixDoesNot() throws IOException {
        storefront(LEGACY).getBean(OrdersGateway.class).fetch(3);
        Path debugLog = logs.resolve("storefront.log.debug");
        assertThat(Files.readString(debugLog))
                .contains("where the order was fetched")
                .contains("at org.concurrencylab");
        long size = Files.size(debugLog);

        storefront(FIXED).getBean(OrdersGateway.class).fetch(3);
        assertThat(LoggerFactory.getLogger(OrdersGateway.class).isDebugEnabled())
                .isFalse();
        assertThat(Files.size(debugLog)).isEqualTo(size);
    }

    @Test
    void theLegacyHashesResourcesOnEveryRenderAndTheFixCachesThemFromTheirOwnLocations() throws Exception {
        ConfigurableApplicationContext legacy = storefront(LEGACY);
        assertThat(resolvers(legacy)).containsKey("/**");
        assertThat(resolvers(legacy).values())
                .allMatch(chain -> chain.stream().noneMatch(CachingResourceResolver.class::isInstance));
        assertThat(page(legacy)).containsPattern("/css/site-[0-9a-f]{32}\\.css");

        ConfigurableApplicationContext fixed = storefront(FIXED);
        assertThat(resolvers(fixed)).containsOnlyKeys("/css/**", "/js/**", "/img/**");
        assertThat(resolvers(fixed).values()).allMatch(chain -> chain.getFirst() instanceof CachingResourceResolver);
        assertThat(page(fixed)).containsPattern("/css/site-[0-9a-f]{32}\\.css");
    }

    @Test
    void theCircuitBreakerStopsCallingAFailingOrdersServiceAndTheLegacyKeepsCalling() {
        orders.status = 500;
        OrdersGateway legacy = storefront(LEGACY).getBean(OrdersGateway.class);
        for (int i = 0; i < 25; i++) {
            assertThatThrownBy(() -> legacy.fetch(1)).isNotInstanceOf(CallNotPermittedException.class);
        }
        assertThat(orders.calls.get()).isEqualTo(25);

        orders.calls.set(0);
        OrdersGateway fixed = storefront(FIXED).getBean(OrdersGateway.class);
        for (int i = 0; i < 20; i++) {
            assertThatThrownBy(() -> fixed.fetch(1)).isNotInstanceOf(CallNotPermittedException.class);
        }
        // half of 20 calls failed: the breaker is open and the next calls never reach orders
        for (int i = 0; i < 5; i++) {
            assertThatThrownBy(() -> fixed.fetch(1)).isInstanceOf(CallNotPermittedException.class);
        }
        assertThat(orders.calls.get()).isEqualTo(20);
    }

    private static Map<String, List<org.springframework.web.servlet.resource.ResourceResolver>> resolvers(
            ConfigurableApplicationContext context) {
        Map<String, List<org.springframework.web.servlet.resource.ResourceResolver>> byPattern =
                new java.util.TreeMap<>();
        context.getBean(ResourceUrlProvider.class)
                .getHandlerMap()
                .forEach((pattern, handler) -> byPattern.put(
                        pattern.toString(), ((ResourceHttpRequestHandler) handler).getResourceResolvers()));
        return byPattern;
    }

    private String page(ConfigurableApplicationContext context) throws Exception {
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
        }
    }

    /** The orders service's API on 127.0.0.1, answering after a delay with a status, counting its calls. */
    private static final class FakeOrders implements AutoCloseable {
        private final HttpServer server;
        private final AtomicInteger calls = new AtomicInteger();
        private volatile int status = 200;
        private volatile long delayMillis;

        FakeOrders() {
            try {
                server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            server.setExecutor(Executors.newCachedThreadPool());
            server.createContext("/orders/", exchange -> {
                calls.incrementAndGet();
                try {
                    Thread.sleep(delayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                String id = exchange.getRequestURI().getPath().substring("/orders/".length());
                byte[] body = ("{\"id\":" + id + ",\"customer\":\"customer-1\",\"status\":\"open\",\"total\":9.99,"
                                + "\"currency\":\"EUR\",\"views\":1}")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(status, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
        }

        String uri() {
            return "http://127.0.0.1:" + server.getAddress().getPort();
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
