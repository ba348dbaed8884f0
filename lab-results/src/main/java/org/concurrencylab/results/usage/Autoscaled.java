package org.concurrencylab.results.usage;

import java.util.List;

/**
 * What an autoscaler read and did during a step, in article seconds since the step's start.
 *
 * @param rule      the rule, in words
 * @param target    the mean utilization above which it scales out
 * @param readings  every reading of the rule: the instances answering then and their mean CPU utilization
 *                  (a share of the CPU each requested)
 * @param decisions every time it asked for more instances, and when each new one answered
 */
public record Autoscaled(String rule, double target, List<Reading> readings, List<Decision> decisions) {

    public Autoscaled {
        readings = List.copyOf(readings);
        decisions = List.copyOf(decisions);
    }

    public record Reading(double atSeconds, int instances, double utilization) {}

    /**
     * @param answeredAtSeconds when the last of the new instances joined the load; null where the step ended first
     */
    public record Decision(double atSeconds, double utilization, int from, int to, Double answeredAtSeconds) {}

    /** The most instances that answered at once during the step. */
    public int mostInstances() {
        return readings.stream().mapToInt(Reading::instances).max().orElse(1);
    }
}
