package org.concurrencylab.probe;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.concurrencylab.probe.model.TimerTotals;

/**
 * The service's own timers, cumulative: Spring's {@code http.server.requests} summed over every route
 * but the Actuator's (the service's view of its latency), and the {@code lab.hold} timers by their
 * {@code resource} tag (how long requests held what the experiment's capacity model counts, such as a
 * hot row's lock, where the service times it).
 */
final class ServiceTimers {

    /** The timer a service records the holds of a counted resource in, tagged {@code resource}. */
    static final String HOLD = "lab.hold";

    private final MeterRegistry registry;

    ServiceTimers(MeterRegistry registry) {
        this.registry = registry;
    }

    TimerTotals served() {
        TimerTotals sum = TimerTotals.NONE;
        for (Timer timer : registry.find("http.server.requests").timers()) {
            String uri = timer.getId().getTag("uri");
            if (uri != null && uri.startsWith("/actuator")) {
                continue;
            }
            sum = sum.plus(totals(timer));
        }
        return sum;
    }

    Map<String, TimerTotals> held() {
        Map<String, TimerTotals> held = new TreeMap<>();
        for (Timer timer : registry.find(HOLD).timers()) {
            String resource = timer.getId().getTag("resource");
            held.merge(resource == null ? "unnamed" : resource, totals(timer), TimerTotals::plus);
        }
        return held;
    }

    private static TimerTotals totals(Timer timer) {
        return new TimerTotals(timer.count(), (long) timer.totalTime(TimeUnit.NANOSECONDS));
    }
}
