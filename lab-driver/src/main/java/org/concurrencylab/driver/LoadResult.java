package org.concurrencylab.driver;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What a load run measured.
 *
 * @param startEpochMillis  wall clock when the first request was due
 * @param elapsedNanos      from the first request's start to the last answer or deadline
 * @param okLatencyMicros   latencies of the successful requests
 * @param requests          every request, in the order they were due
 */
public record LoadResult(
        long startEpochMillis, long elapsedNanos, Histogram okLatencyMicros, List<RequestRecord> requests) {

    public long sent() {
        return requests.size();
    }

    public long ok() {
        return okLatencyMicros.getTotalCount();
    }

    public long failed() {
        return sent() - ok();
    }

    public Map<Outcome, Long> failuresByKind() {
        Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
        for (RequestRecord request : requests) {
            if (request.outcome().failed()) {
                counts.merge(request.outcome(), 1L, Long::sum);
            }
        }
        return counts;
    }

    public double elapsedSeconds() {
        return elapsedNanos / 1e9;
    }

    /** Successful requests per second over the whole load. */
    public double throughputPerSecond() {
        return elapsedNanos == 0 ? 0 : ok() / elapsedSeconds();
    }

    /**
     * Requests in flight on average, by Little's law from the client's side (siege calls it
     * concurrency): the time all requests spent in flight divided by the elapsed time.
     */
    public double meanInFlight() {
        long busyNanos = 0;
        for (RequestRecord request : requests) {
            busyNanos += request.latencyNanos();
        }
        return elapsedNanos == 0 ? 0 : (double) busyNanos / elapsedNanos;
    }

    /**
     * Requests per second as they actually went out, from the first send to the last: for an open
     * model, the arrival rate the server really saw, to hold against the one scheduled.
     */
    public double achievedSendRatePerSecond() {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        long sent = 0;
        for (RequestRecord request : requests) {
            if (request.outcome() != Outcome.NOT_SENT) {
                first = Math.min(first, request.sentNanos());
                last = Math.max(last, request.sentNanos());
                sent++;
            }
        }
        return sent < 2 || last == first ? 0 : (sent - 1) / ((last - first) / 1e9);
    }

    /** How late requests went out against their schedule, in microseconds (all zero in a closed model). */
    public Histogram sendLatenessMicros() {
        Histogram lateness = new Histogram(3);
        for (RequestRecord request : requests) {
            lateness.recordValue(Math.max(0, request.latenessNanos() / 1000));
        }
        return lateness;
    }

    public long endEpochMillis() {
        return startEpochMillis + elapsedNanos / 1_000_000;
    }
}
