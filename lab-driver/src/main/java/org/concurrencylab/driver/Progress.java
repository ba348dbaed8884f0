package org.concurrencylab.driver;

/** Told of every answered or failed request, from the user threads; must be cheap and thread-safe. */
@FunctionalInterface
public interface Progress {

    Progress NONE = outcome -> {};

    void completed(Outcome outcome);
}
