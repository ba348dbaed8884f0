package org.concurrencylab.driver;

/** Told of every answered or failed request, from the user threads; must be cheap and thread-safe. */
@FunctionalInterface
public interface Progress {

    Progress NONE = outcome -> {};

    void completed(Outcome outcome);

    /**
     * The same, with how long the request took from its send to its answer or failure; a driver that times its
     * requests calls this one, which tells {@link #completed(Outcome)} unless overridden.
     */
    default void completed(Outcome outcome, long latencyNanos) {
        completed(outcome);
    }
}
