package org.concurrencylab.driver;

import java.time.Duration;
import java.util.Objects;
import org.concurrencylab.results.step.Connections;

/**
 * A closed workload, as {@code siege -b -c users -r repetitions} or a JMeter thread group: every user
 * sends its next request when the previous one is answered (and, with a think time, that much later),
 * so the server's speed sets the arrival rate. Build one with {@link #custom(int, Duration)}; what a
 * load does not set is siege's: every user at once, no think time, a new connection per request.
 *
 * @param repetitions   how many requests each user sends at most
 * @param sendingWindow users start no new request once this much time has passed (requests already
 *                      sent are still awaited): a load held for a time rather than a count
 * @param connections   whether each request opens its own connection (siege's default) or each user keeps one
 * @param rampUp        users start one after another over this time, as JMeter's ramp-up period; zero: all at once
 * @param thinkTime     how long a user waits after an answer before its next request, as JMeter's
 *                      constant timer; zero: at once, as {@code siege -b}
 * @param requests      what the requests send: one plain GET to the target unless said
 */
public record ClosedModel(
        int users,
        int repetitions,
        Duration requestTimeout,
        Duration sendingWindow,
        Connections connections,
        Duration rampUp,
        Duration thinkTime,
        RequestMix requests) {

    /** A sending window that never closes: every user sends all its repetitions. */
    private static final Duration UNBOUNDED = Duration.ofNanos(Long.MAX_VALUE);

    public ClosedModel {
        if (users < 1 || repetitions < 1) {
            throw new IllegalArgumentException("users and repetitions must be at least 1");
        }
        if (requestTimeout == null || requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("request timeout must be positive");
        }
        if (sendingWindow == null || sendingWindow.isNegative() || sendingWindow.isZero()) {
            throw new IllegalArgumentException("sending window must be positive");
        }
        Objects.requireNonNull(connections, "say how users hold their connections");
        if (rampUp == null || rampUp.isNegative() || rampUp.compareTo(sendingWindow) > 0) {
            throw new IllegalArgumentException("a ramp-up must be zero or more, and within the sending window");
        }
        if (thinkTime == null || thinkTime.isNegative()) {
            throw new IllegalArgumentException("a think time must be zero or more");
        }
        Objects.requireNonNull(requests, "say what each request sends");
    }

    /** {@code users} users, each sending one request with this timeout; the builder says the rest. */
    public static Builder custom(int users, Duration requestTimeout) {
        return new Builder(users, requestTimeout);
    }

    /** When user {@code index} (from 0) sends its first request, after the load's start. */
    public long startOffsetNanos(int index) {
        return rampUp.toNanos() / users * index;
    }

    /** Builds a {@link ClosedModel}; {@link #build()} validates it. */
    public static final class Builder {
        private final int users;
        private final Duration requestTimeout;
        private int repetitions = 1;
        private Duration sendingWindow = UNBOUNDED;
        private Connections connections = Connections.NEW_PER_REQUEST;
        private Duration rampUp = Duration.ZERO;
        private Duration thinkTime = Duration.ZERO;
        private RequestMix requests = RequestMix.of(RequestTemplate.ofDefaults());

        private Builder(int users, Duration requestTimeout) {
            this.users = users;
            this.requestTimeout = requestTimeout;
        }

        /** Each user sends this many requests, as {@code siege -r}. */
        public Builder repetitions(int repetitions) {
            this.repetitions = repetitions;
            return this;
        }

        /** Users send for this long, as many requests as the system answers in it, then stop. */
        public Builder heldFor(Duration window) {
            this.sendingWindow = window;
            this.repetitions = Integer.MAX_VALUE / Math.max(1, users);
            return this;
        }

        public Builder connections(Connections connections) {
            this.connections = connections;
            return this;
        }

        public Builder rampUp(Duration rampUp) {
            this.rampUp = rampUp;
            return this;
        }

        public Builder thinkTime(Duration thinkTime) {
            this.thinkTime = thinkTime;
            return this;
        }

        /** Every request sends this to the target. */
        public Builder request(RequestTemplate request) {
            this.requests = RequestMix.of(request);
            return this;
        }

        /** The requests in proportion to their weights, each to its own path on the target's host. */
        public Builder requests(RequestMix requests) {
            this.requests = requests;
            return this;
        }

        public ClosedModel build() {
            return new ClosedModel(
                    users, repetitions, requestTimeout, sendingWindow, connections, rampUp, thinkTime, requests);
        }
    }
}
