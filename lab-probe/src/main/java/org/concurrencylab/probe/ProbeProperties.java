package org.concurrencylab.probe;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param interval how often threads are sampled; the runner scales it with the experiment
 * @param capacity how many samples are kept; the oldest are dropped first
 */
@ConfigurationProperties("lab.probe")
public record ProbeProperties(Duration interval, Integer capacity) {

    public ProbeProperties {
        interval = interval == null ? Duration.ofMillis(100) : interval;
        capacity = capacity == null ? 36_000 : capacity;
    }
}
