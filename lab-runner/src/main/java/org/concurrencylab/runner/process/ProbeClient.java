package org.concurrencylab.runner.process;

import java.io.IOException;
import java.net.URI;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.Timeout;
import org.concurrencylab.probe.model.ProbeReport;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a service's probe. The first read goes through Actuator, while the service is idle, and
 * learns the port of the probe's own server; every later read goes there, so that it never waits
 * behind the load the service is under (or has just collapsed under).
 */
public final class ProbeClient implements AutoCloseable {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final Timeout READ_TIMEOUT = Timeout.ofSeconds(30);

    private final CloseableHttpClient client = ControlClient.create(READ_TIMEOUT);
    private final ServiceProcess service;
    private URI probeServer;

    public ProbeClient(ServiceProcess service) {
        this.service = service;
    }

    /** A probe whose own server is known from the start: the lab's agent in an application, which has no Actuator endpoint of the lab's. */
    public static ProbeClient at(URI probeServer) {
        ProbeClient client = new ProbeClient(null);
        client.probeServer = probeServer;
        return client;
    }

    /** Sizing and counters now, plus the samples taken since {@code sinceEpochMillis} (none if negative). */
    public ProbeReport read(long sinceEpochMillis) throws IOException {
        String query = sinceEpochMillis >= 0 ? "?since=" + sinceEpochMillis : "";
        URI uri = probeServer == null
                ? service.uri("/actuator/labprobe" + query)
                : probeServer.resolve("/labprobe" + query);
        String body = client.execute(new HttpGet(uri), response -> {
            if (response.getCode() != 200) {
                throw new IOException("probe answered " + response.getCode());
            }
            return EntityUtils.toString(response.getEntity());
        });
        ProbeReport report = MAPPER.readValue(body, ProbeReport.class);
        if (probeServer == null && report.sizing().get("probePort") instanceof Number port) {
            probeServer = URI.create("http://127.0.0.1:" + port.intValue());
        }
        return report;
    }

    @Override
    public void close() throws IOException {
        client.close();
    }
}
