package org.concurrencylab.probe.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** The probe's own server answers a malformed request with 400, and keeps answering. */
class ProbeHttpServerTest {

    @Test
    void aSinceThatIsNoNumberIsABadRequestAndTheServerStaysUp() throws Exception {
        try (ProbeHttpServer server = new ProbeHttpServer(since -> null);
                HttpClient client = HttpClient.newHttpClient()) {
            for (String since : new String[] {"abc", "12x", ""}) {
                HttpResponse<Void> response = client.send(
                        HttpRequest.newBuilder(
                                        URI.create("http://127.0.0.1:" + server.port() + "/labprobe?since=" + since))
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
                assertThat(response.statusCode()).as("since=" + since).isEqualTo(400);
            }
        }
    }
}
