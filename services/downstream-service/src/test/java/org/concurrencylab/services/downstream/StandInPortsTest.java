package org.concurrencylab.services.downstream;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"lab.standin.names=quotes,prices", "lab.standin.quotes.body={\"price\":7}"})
class StandInPortsTest {

    private final HttpClient client = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Test
    void eachStandInAnswersAnyPathOnItsOwnPortAfterTheLatencySetForIt() throws Exception {
        Map<String, Integer> ports = JsonMapper.builder()
                .build()
                .readValue(
                        get(URI.create("http://127.0.0.1:" + port + "/standins"))
                                .body(),
                        new TypeReference<>() {});
        assertThat(ports).containsOnlyKeys("quotes", "prices");
        URI quotes = URI.create("http://127.0.0.1:" + ports.get("quotes") + "/v1/quotes/AAPL?at=now");

        assertThat(send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/standins/quotes/300/fixed"))
                                .PUT(HttpRequest.BodyPublishers.noBody())
                                .build())
                        .statusCode())
                .isEqualTo(204);
        long start = System.nanoTime();
        HttpResponse<String> answer = get(quotes);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("{\"price\":7}");
        // the timer never fires early; two seconds is far beyond any scheduling delay on a busy machine
        assertThat(took).isBetween(Duration.ofMillis(300), Duration.ofSeconds(2));
        assertThat(get(URI.create("http://127.0.0.1:" + ports.get("prices") + "/"))
                        .body())
                .isEqualTo("{}");
    }

    @Test
    void aLatencyForAStandInThatIsNotThereOrOutOfRangeIsRefused() throws Exception {
        assertThat(send(put("/standins/ledger/10/fixed")).statusCode()).isEqualTo(404);
        assertThat(send(put("/standins/quotes/-1/fixed")).statusCode()).isEqualTo(400);
        assertThat(send(put("/standins/quotes/10/uniform")).statusCode()).isEqualTo(400);
    }

    private HttpRequest put(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .PUT(HttpRequest.BodyPublishers.noBody())
                .build();
    }

    private HttpResponse<String> get(URI uri) throws Exception {
        return send(HttpRequest.newBuilder(uri).GET().build());
    }

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
