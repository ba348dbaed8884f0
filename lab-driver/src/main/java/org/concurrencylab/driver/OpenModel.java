package org.concurrencylab.driver;

import java.time.Duration;
import java.util.Objects;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.results.step.LoadPlan;

/**
 * An open workload, as Gatling's {@code constantUsersPerSec(rate) during(duration)}: request i is due at
 * {@code i / rate} seconds whether or not earlier ones were answered, so a slow server cannot slow
 * the arrivals down, and its slowness shows in the latencies.
 *
 * @param requestTimeout a deadline per request, counted from its scheduled start
 * @param maxInFlight    safety cap on requests awaiting an answer: a request due while this many are
 *                       in flight is not sent and is counted as {@link Outcome#NOT_SENT}, so the schedule
 *                       is kept and the machine is protected from an unbounded number of sockets
 * @param connections    a new connection per request (Gatling's connection per injected user), or
 *                       connections kept alive in a pool and reused by later arrivals
 * @param requests       what the requests send, request i the mix's {@link RequestMix#partOf part of (0, i)}:
 *                       one plain GET to the target unless said
 */
public record OpenModel(
        double ratePerSecond,
        Duration duration,
        Duration requestTimeout,
        int maxInFlight,
        Connections connections,
        RequestMix requests) {

    /** Far above the in-flight count of any experiment (rate x timeout = 1200), far below the file limit. */
    public static final int DEFAULT_MAX_IN_FLIGHT = 5_000;

    public OpenModel {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("rate must be positive");
        }
        if (duration.isNegative() || duration.isZero() || requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("duration and request timeout must be positive");
        }
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("the in-flight cap must be at least 1");
        }
        if (connections == null) {
            throw new IllegalArgumentException("say how requests hold their connections");
        }
        Objects.requireNonNull(requests, "say what each request sends");
        long count = Math.round(ratePerSecond * (duration.toNanos() / 1e9));
        if (count > MAX_REQUESTS) {
            throw new IllegalArgumentException(count + " requests in one schedule (" + ratePerSecond + "/s for "
                    + duration.toSeconds() + " s): at most " + MAX_REQUESTS + ", each kept as a record in memory");
        }
    }

    /** The most requests one schedule holds: the driver keeps each one's record in memory. */
    public static final long MAX_REQUESTS = LoadPlan.MAX_REQUESTS;

    /** Plain GETs to the target. */
    public OpenModel(
            double ratePerSecond,
            Duration duration,
            Duration requestTimeout,
            int maxInFlight,
            Connections connections) {
        this(
                ratePerSecond,
                duration,
                requestTimeout,
                maxInFlight,
                connections,
                RequestMix.of(RequestTemplate.ofDefaults()));
    }

    /** Plain GETs to the target, with the default in-flight cap. */
    public OpenModel(double ratePerSecond, Duration duration, Duration requestTimeout, Connections connections) {
        this(ratePerSecond, duration, requestTimeout, DEFAULT_MAX_IN_FLIGHT, connections);
    }

    /** The same schedule, sending these requests. */
    public OpenModel sending(RequestMix sent) {
        return new OpenModel(ratePerSecond, duration, requestTimeout, maxInFlight, connections, sent);
    }

    /** How many requests the schedule holds: one every 1 / rate seconds during the duration. */
    public int requestCount() {
        return Math.max(1, (int) Math.round(ratePerSecond * duration.toNanos() / 1e9));
    }

    long intervalNanos() {
        return Math.round(1e9 / ratePerSecond);
    }
}
