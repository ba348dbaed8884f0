package org.concurrencylab.probe.core;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.concurrencylab.probe.model.ProbeReport;
import tools.jackson.databind.json.JsonMapper;

/**
 * The probe's own door: {@code GET /labprobe?since=<epoch ms>} on 127.0.0.1, served by one thread of
 * its own. The Actuator endpoint answers the same, but through the service's server, and a read
 * through that server waits behind the very bottleneck being measured: after a collapse, Tomcat's
 * workers are all parked and a thousand abandoned requests are queued ahead of the lab's. The JDK's
 * small HTTP server is enough for one client asking once a step; nothing else here needs a framework.
 */
public final class ProbeHttpServer implements AutoCloseable {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final HttpServer server;
    private final ExecutorService thread;

    /**
     * @param reports what to answer: the report since the epoch milliseconds asked for, or with no samples
     *                where none was asked for (null); called per request, so it may name this server's port
     */
    public ProbeHttpServer(Function<Long, ProbeReport> reports) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
        thread = Executors.newSingleThreadExecutor(
                Thread.ofPlatform().name("lab-probe-http").daemon(true).factory());
        server.setExecutor(thread);
        server.createContext("/labprobe", exchange -> answer(exchange, reports));
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** A bad {@code since} is the caller's mistake: 400, and the exchange is still answered and closed. */
    private static void answer(HttpExchange exchange, Function<Long, ProbeReport> reports) throws IOException {
        try (exchange) {
            Long since;
            try {
                since = since(exchange.getRequestURI().getRawQuery());
            } catch (NumberFormatException e) {
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            byte[] body = MAPPER.writeValueAsBytes(reports.apply(since));
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static Long since(String query) {
        if (query == null) {
            return null;
        }
        for (String parameter : query.split("&")) {
            if (parameter.startsWith("since=")) {
                return Long.parseLong(parameter.substring("since=".length()));
            }
        }
        return null;
    }

    @Override
    public void close() {
        server.stop(0);
        thread.shutdownNow();
    }
}
