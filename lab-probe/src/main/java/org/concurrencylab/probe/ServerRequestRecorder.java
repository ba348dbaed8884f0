package org.concurrencylab.probe;

import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Times every request the service's server completes, servlet or reactive alike, from the observation
 * Spring opens for it ({@code http.server.requests}), into an HdrHistogram {@link Recorder}: the probe
 * takes an interval histogram per window, so each window's percentiles are exact to three digits
 * rather than read off a timer's coarse buckets. The Actuator's own requests are left out.
 */
final class ServerRequestRecorder implements ObservationHandler<Observation.Context> {

    private static final String OBSERVATION = "http.server.requests";
    private static final String STARTED = ServerRequestRecorder.class.getName() + ".started";
    /** Up to an hour, to three significant digits. */
    private static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);

    private final Recorder latencies = new Recorder(HIGHEST_MICROS, 3);
    private final AtomicLong serverErrors = new AtomicLong();

    /**
     * Every context: an observation made from a convention (as Spring's server observations are) is
     * only named when it starts, after its handlers were chosen, so the name is checked at the stop.
     */
    @Override
    public boolean supportsContext(Observation.Context context) {
        return true;
    }

    @Override
    public void onStart(Observation.Context context) {
        context.put(STARTED, System.nanoTime());
    }

    @Override
    public void onStop(Observation.Context context) {
        Long started = context.get(STARTED);
        KeyValue uri = context.getLowCardinalityKeyValue("uri");
        if (started == null
                || !OBSERVATION.equals(context.getName())
                || uri != null && uri.getValue().startsWith("/actuator")) {
            return;
        }
        latencies.recordValue(Math.min(HIGHEST_MICROS, Math.max(1, (System.nanoTime() - started) / 1000)));
        KeyValue status = context.getLowCardinalityKeyValue("status");
        if (status != null && status.getValue().startsWith("5")) {
            serverErrors.incrementAndGet();
        }
    }

    /** What was recorded since the last call: the latencies in microseconds, and the 5xx answers. */
    record Interval(Histogram micros, long serverErrors) {}

    Interval interval() {
        return new Interval(latencies.getIntervalHistogram(), serverErrors.getAndSet(0));
    }
}
