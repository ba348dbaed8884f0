package org.concurrencylab.driver;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A server with a known capacity: {@code threads} threads, each holding a request for {@code delay}.
 * By Little's law it serves at most threads / delay requests per second; the tests hold the driver to that.
 */
final class FakeSlowServer implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService pool;
    /**
     * Whether the last request from each client port asked for its connection to be closed. A port is not a
     * connection: a client that connects anew once the server closed its last connection may get the same
     * ephemeral port again (2 of 100 did, here), so a port counts again when its last request asked for a close.
     */
    private final Map<Integer, Boolean> closedAfterLast = new HashMap<>();

    private int connections;

    FakeSlowServer(int threads, Duration delay, int status) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1000);
        pool = Executors.newFixedThreadPool(threads);
        server.setExecutor(pool);
        server.createContext("/", exchange -> {
            boolean close =
                    "close".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Connection"));
            synchronized (closedAfterLast) {
                Boolean closed = closedAfterLast.put(exchange.getRemoteAddress().getPort(), close);
                if (closed == null || closed) {
                    connections++;
                }
            }
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = "42".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/value");
    }

    /** How many client connections sent requests. */
    int connections() {
        synchronized (closedAfterLast) {
            return connections;
        }
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
