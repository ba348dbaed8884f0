package org.concurrencylab.runner.component;

import java.util.Map;

/**
 * What the service the entry calls did with requests sent one at a time after the warm-up: its own time
 * for a request and its holds with nothing else running, against which a step shows what its load and
 * this machine added.
 *
 * @param meanMillis the mean of its whole request by its own server timers; NaN where not measured
 * @param holds      by resource, the mean hold by its {@code lab.hold} timers
 */
public record CalleeAlone(double meanMillis, Map<String, Double> holds) {

    public static final CalleeAlone NOT_MEASURED = new CalleeAlone(Double.NaN, Map.of());

    public CalleeAlone {
        holds = Map.copyOf(holds);
    }
}
