package org.concurrencylab.services.blockingio;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** @param latency how long the simulated blocking call (a database, another service) takes: D */
@ConfigurationProperties("lab.downstream")
public record DownstreamProperties(Duration latency) {

    public DownstreamProperties {
        latency = latency == null ? Duration.ofSeconds(1) : latency;
    }
}
