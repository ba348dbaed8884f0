package org.concurrencylab.runner.component;

import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPut;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.Timeout;
import org.concurrencylab.runner.process.ControlClient;
import org.concurrencylab.runner.process.ServiceProcess;
import org.concurrencylab.study.StudyDownstream;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Talks to the stand-in service on its own port: learns each stand-in's port once, and sets a stand-in's latency
 * before a variant starts. Every call is the lab's, never the load's.
 */
final class StandInControl implements AutoCloseable {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final Timeout TIMEOUT = Timeout.ofSeconds(10);

    private final CloseableHttpClient client;
    private final ServiceProcess service;
    private final Map<String, Integer> ports;

    private StandInControl(CloseableHttpClient client, ServiceProcess service, Map<String, Integer> ports) {
        this.client = client;
        this.service = service;
        this.ports = ports;
    }

    /** Reads the stand-ins' ports; fails unless every name has one. */
    static StandInControl of(ServiceProcess service, Collection<String> names) throws IOException {
        CloseableHttpClient client = ControlClient.create(TIMEOUT);
        try {
            String body = client.execute(new HttpGet(service.uri("/standins")), response -> {
                if (response.getCode() != 200) {
                    throw new IOException("the stand-in service answered " + response.getCode());
                }
                return EntityUtils.toString(response.getEntity());
            });
            Map<String, Integer> ports = MAPPER.readValue(body, new TypeReference<Map<String, Integer>>() {});
            for (String name : names) {
                if (!ports.containsKey(name)) {
                    throw new IOException("stand-in " + name + " has no port");
                }
            }
            return new StandInControl(client, service, Map.copyOf(ports));
        } catch (IOException | RuntimeException e) {
            client.close();
            throw e;
        }
    }

    /** The address the application is given for the stand-in: the root of its own port. */
    String address(String name) {
        return "http://127.0.0.1:" + ports.get(name);
    }

    /** From the next call on, the stand-in answers after this latency, drawn as the distribution says. */
    void set(String name, Duration latency, StudyDownstream.Distribution distribution) throws IOException {
        HttpPut put =
                new HttpPut(service.uri("/standins/" + name + "/" + latency.toMillis() + "/" + distribution.label()));
        client.execute(put, response -> {
            if (response.getCode() != 204) {
                throw new IOException("stand-in " + name + " refused its latency: " + response.getCode());
            }
            return null;
        });
    }

    @Override
    public void close() throws IOException {
        client.close();
    }
}
