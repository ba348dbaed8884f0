package org.concurrencylab.probe;

import java.util.Map;

/**
 * Adds the sizes a service's pools were given (event loops, pool caps, worker threads) to the probe's
 * report, so that the lab's capacity model uses what the service really ran with.
 */
@FunctionalInterface
public interface SizingContributor {

    void contribute(Map<String, Object> sizing);
}
