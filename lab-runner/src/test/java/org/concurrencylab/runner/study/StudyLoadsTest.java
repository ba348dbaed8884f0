package org.concurrencylab.runner.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.study.Study;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A study's lone requests against a server on 127.0.0.1 that answers 200 after 300 ms for its first
 * {@code answered} requests and 500 at once after them: fewer than {@link Defaults#STUDY_LONE_REQUESTS} in the
 * first window, so the lone requests go on into a second.
 */
class StudyLoadsTest {

    private static final Study STUDY =
            Study.custom(Path.of("app.jar")).path("/lone").build();

    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void theLoneRequestsAnsweredInTheFirstWindowCountWhenTheSecondAnswersNone() throws Exception {
        Histogram alone = new StudyLoads().alone(serverAnsweringFirst(3), STUDY);

        assertThat(alone.getTotalCount()).isEqualTo(3);
        assertThat(alone.getMean() / 1000).isBetween(300.0, 400.0);
    }

    @Test
    void aVariantWhoseLoneRequestsAreNeverAnsweredFails() throws Exception {
        URI target = serverAnsweringFirst(0);

        assertThatThrownBy(() -> new StudyLoads().alone(target, STUDY))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("lone requests")
                .hasMessageContaining("2xx or 3xx");
    }

    private URI serverAnsweringFirst(int answered) throws IOException {
        AtomicInteger requests = new AtomicInteger();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/lone", exchange -> {
            try (exchange) {
                if (requests.incrementAndGet() <= answered) {
                    Thread.sleep(300);
                    exchange.sendResponseHeaders(200, -1);
                } else {
                    exchange.sendResponseHeaders(500, -1);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/lone");
    }
}
