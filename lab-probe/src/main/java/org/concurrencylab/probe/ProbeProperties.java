package org.concurrencylab.probe;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param interval how often threads are sampled; the runner scales it with the experiment
 * @param capacity how many samples are kept; the oldest are dropped first
 * @param window   how long a window of the service's own meters lasts; the runner makes it an article second
 */
@ConfigurationProperties("lab.probe")
public record ProbeProperties(Duration interval, Integer capacity, Duration window) {

    public ProbeProperties {
        interval = interval == null ? Duration.ofMillis(100) : interval;
        window = window == null ? Duration.ofSeconds(1) : window;
        capacity = capacity == null ? 36_000 : capacity;
    }
}
