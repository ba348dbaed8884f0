package org.concurrencylab.driver;

import java.time.Duration;

/**
 * A closed workload, as {@code siege -b -c users -r repetitions}: every user sends its next request
 * as soon as the previous one is answered, so the server's speed sets the arrival rate.
 */
public record ClosedModel(int users, int repetitions, Duration requestTimeout) {

    public ClosedModel {
        if (users < 1 || repetitions < 1) {
            throw new IllegalArgumentException("users and repetitions must be at least 1");
        }
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("request timeout must be positive");
        }
    }

    public int totalRequests() {
        return users * repetitions;
    }

    /** The name the reports use for this load, e.g. {@code 100x10}. */
    public String label() {
        return users + "x" + repetitions;
    }
}
