package org.concurrencylab.runner.process;

/** A service JVM that did not come up; the message says why, from its own log where it can. */
public final class ServiceStartException extends Exception {

    public ServiceStartException(String message) {
        super(message);
    }
}
