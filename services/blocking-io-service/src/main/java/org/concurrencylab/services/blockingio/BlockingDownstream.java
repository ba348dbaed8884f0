package org.concurrencylab.services.blockingio;

import java.time.Duration;
import org.springframework.stereotype.Component;

/** The blocking call every handler makes: it holds the calling thread for D. */
@Component
public class BlockingDownstream {

    public static final String VALUE = "42";

    private final Duration latency;

    public BlockingDownstream(DownstreamProperties properties) {
        this.latency = properties.latency();
    }

    public String fetchValue() {
        try {
            Thread.sleep(latency);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the downstream", e);
        }
        return VALUE;
    }

    public Duration latency() {
        return latency;
    }
}
