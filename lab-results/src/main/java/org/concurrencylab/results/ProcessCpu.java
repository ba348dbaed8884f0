package org.concurrencylab.results;

/**
 * The CPU one process the lab runs used during a step.
 *
 * @param role                {@code driver} (the lab's own JVM, which runs the load), {@code service} (the
 *                            variant under test) or {@code downstream} (a simulator it calls)
 * @param cpuSeconds          user and system CPU during the step, -1 when it could not be read
 * @param backgroundCores     what it used with no load, just before the step (the probe's sampling, timers), in cores
 * @param cpuMillisPerRequest what it used beyond that background, over the step's completed requests; -1 when unknown
 */
public record ProcessCpu(String role, String name, double cpuSeconds, double backgroundCores, double cpuMillisPerRequest) {
}
