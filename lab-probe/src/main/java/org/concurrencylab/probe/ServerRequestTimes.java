package org.concurrencylab.probe;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;

/**
 * The service's own view of its latency: Spring's {@code http.server.requests} timers, summed over
 * every route but the Actuator's. Cumulative, so the lab reads them before and after a step and
 * divides the differences: the mean time the service itself took per request during that step.
 */
final class ServerRequestTimes {

    record Totals(long count, long totalNanos) {
    }

    private final MeterRegistry registry;

    ServerRequestTimes(MeterRegistry registry) {
        this.registry = registry;
    }

    Totals read() {
        long count = 0;
        double nanos = 0;
        for (Timer timer : registry.find("http.server.requests").timers()) {
            String uri = timer.getId().getTag("uri");
            if (uri != null && uri.startsWith("/actuator")) {
                continue;
            }
            count += timer.count();
            nanos += timer.totalTime(TimeUnit.NANOSECONDS);
        }
        return new Totals(count, (long) nanos);
    }
}
