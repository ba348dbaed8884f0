package org.concurrencylab.runner;

import java.io.IOException;
import java.net.URI;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.concurrencylab.probe.model.ProbeReport;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a service's probe. Called only between load steps, when the service is idle, so that the
 * read neither waits behind the load nor adds to it.
 */
final class ProbeClient implements AutoCloseable {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final CloseableHttpClient client = HttpClients.createDefault();
    private final ServiceProcess service;

    ProbeClient(ServiceProcess service) {
        this.service = service;
    }

    /** Sizing and counters now, plus the samples taken since {@code sinceEpochMillis} (none if negative). */
    ProbeReport read(long sinceEpochMillis) throws IOException {
        URI uri = service.uri("/actuator/labprobe" + (sinceEpochMillis >= 0 ? "?since=" + sinceEpochMillis : ""));
        String body = client.execute(new HttpGet(uri), response -> {
            if (response.getCode() != 200) {
                throw new IOException("probe answered " + response.getCode());
            }
            return EntityUtils.toString(response.getEntity());
        });
        return MAPPER.readValue(body, ProbeReport.class);
    }

    @Override
    public void close() throws IOException {
        client.close();
    }
}
