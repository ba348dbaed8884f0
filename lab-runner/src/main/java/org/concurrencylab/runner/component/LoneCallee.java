package org.concurrencylab.runner.component;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * What the service the entry calls did with lone requests, sent one at a time after the warm-up: its own time
 * for a request and its holds with nothing else running, against which a step shows what its load and
 * this machine added.
 *
 * @param meanMillis the mean of its whole request by its own server timers; empty where not measured
 * @param holds      by resource, the mean hold by its {@code lab.hold} timers; a resource it did not hold is absent
 */
public record LoneCallee(OptionalDouble meanMillis, Map<String, Double> holds) {

    public static final LoneCallee NOT_MEASURED = new LoneCallee(OptionalDouble.empty(), Map.of());

    public LoneCallee {
        holds = Map.copyOf(holds);
    }
}
