package org.concurrencylab.runner.process;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.Timeout;
import org.concurrencylab.probe.model.PinsSince;
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

    /** Sizing and counters now, without samples. */
    public ProbeReport readNow() throws IOException {
        return read("");
    }

    /** Sizing and counters now, plus the samples taken since {@code epochMillis}, a time since the epoch. */
    public ProbeReport readSince(long epochMillis) throws IOException {
        if (epochMillis < 0) {
            throw new IllegalArgumentException("samples since a time since the epoch, not " + epochMillis);
        }
        return read("?since=" + epochMillis);
    }

    private ProbeReport read(String query) throws IOException {
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

    /**
     * {@code after} with the pinned virtual threads of a read whose count covers every pin that ended by
     * {@code untilEpochMillis}: JFR hands pins over about once a second, so a read right after a step may lack its
     * last second's. Reads again every {@link #PIN_READ_PERIOD}, at most {@link #PIN_WAIT}; a report whose probe
     * counts no pins, or saw none, comes back as it is, without waiting.
     */
    public ProbeReport withPinsUpTo(ProbeReport after, long sinceEpochMillis, long untilEpochMillis)
            throws IOException, InterruptedException {
        PinsSince pins = after.pins();
        if (pins == null || after.counters().virtualThreadPins().orElse(0) == 0) {
            return after;
        }
        long deadline = System.nanoTime() + PIN_WAIT.toNanos();
        while (pins.deliveredUpToEpochMillis() < untilEpochMillis && System.nanoTime() < deadline) {
            Thread.sleep(PIN_READ_PERIOD.toMillis());
            PinsSince later = readSince(sinceEpochMillis).pins();
            if (later == null) {
                break;
            }
            pins = later;
        }
        return after.withPins(pins);
    }

    /** Two of JFR's hand-overs, a second apart, and a margin: the count covers a time by the second one after it. */
    static final Duration PIN_WAIT = Duration.ofSeconds(3);

    static final Duration PIN_READ_PERIOD = Duration.ofMillis(100);

    @Override
    public void close() throws IOException {
        client.close();
    }
}
