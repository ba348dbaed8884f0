package org.concurrencylab.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

/** Each server request is timed once into its window, the Actuator's left out, 5xx answers counted. */
class ServerRequestRecorderTest {

    private final ObservationRegistry registry = ObservationRegistry.create();
    private final ServerRequestRecorder recorder = new ServerRequestRecorder();

    ServerRequestRecorderTest() {
        registry.observationConfig().observationHandler(recorder);
    }

    private void request(String uri, String status, long millis) throws InterruptedException {
        Observation observation =
                Observation.createNotStarted("http.server.requests", registry).start();
        Thread.sleep(millis);
        observation
                .lowCardinalityKeyValue("uri", uri)
                .lowCardinalityKeyValue("status", status)
                .stop();
    }

    @Test
    void timesTheServersRequestsIntoWindows() throws Exception {
        request("/orders/{id}", "200", 20);
        request("/orders/{id}", "503", 40);
        request("/actuator/prometheus", "200", 5);
        Observation.createNotStarted("http.client.requests", registry).start().stop();

        ServerRequestRecorder.Interval first = recorder.interval();
        assertThat(first.micros().getTotalCount()).isEqualTo(2);
        assertThat(first.serverErrors()).isEqualTo(1);
        assertThat(first.micros().getMinValue() / 1000.0).isGreaterThanOrEqualTo(20);
        assertThat(first.micros().getMaxValue() / 1000.0).isBetween(40.0, 1000.0);

        ServerRequestRecorder.Interval second = recorder.interval();
        assertThat(second.micros().getTotalCount()).isZero();
        assertThat(second.serverErrors()).isZero();
    }
}
