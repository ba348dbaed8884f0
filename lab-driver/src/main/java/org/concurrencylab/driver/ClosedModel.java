package org.concurrencylab.driver;

import java.time.Duration;

/**
 * A closed workload, as {@code siege -b -c users -r repetitions}: every user sends its next request
 * as soon as the previous one is answered, so the server's speed sets the arrival rate.
 *
 * @param sendingWindow users start no new request once this much time has passed (requests already
 *                      sent are still awaited); a warm-up uses it to run for a time rather than a count
 * @param connections   whether each request opens its own connection (siege's default) or each user keeps one
 * @param rampUp        users start one after another over this time, as JMeter's ramp-up period; zero: all at once
 */
public record ClosedModel(int users, int repetitions, Duration requestTimeout, Duration sendingWindow,
                          Connections connections, Duration rampUp) {

    public ClosedModel {
        if (users < 1 || repetitions < 1) {
            throw new IllegalArgumentException("users and repetitions must be at least 1");
        }
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("request timeout must be positive");
        }
        if (sendingWindow.isNegative() || sendingWindow.isZero()) {
            throw new IllegalArgumentException("sending window must be positive");
        }
        if (connections == null) {
            throw new IllegalArgumentException("say how users hold their connections");
        }
        if (rampUp.isNegative() || rampUp.compareTo(sendingWindow) > 0) {
            throw new IllegalArgumentException("a ramp-up must be zero or more, and within the sending window");
        }
    }

    /** Every user starts at once. */
    public ClosedModel(int users, int repetitions, Duration requestTimeout, Duration sendingWindow,
                       Connections connections) {
        this(users, repetitions, requestTimeout, sendingWindow, connections, Duration.ZERO);
    }

    /** When user {@code index} (from 0) sends its first request, after the load's start. */
    public long startOffsetNanos(int index) {
        return rampUp.toNanos() / users * index;
    }

    /** Every user sends all its repetitions, however long they take. */
    public ClosedModel(int users, int repetitions, Duration requestTimeout, Connections connections) {
        this(users, repetitions, requestTimeout, Duration.ofNanos(Long.MAX_VALUE), connections);
    }
}
