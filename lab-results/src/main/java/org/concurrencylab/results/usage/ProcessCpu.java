package org.concurrencylab.results.usage;

import java.util.OptionalDouble;

/**
 * The CPU one process the lab runs used during a step. A figure the machine could not give is empty.
 *
 * @param role                {@code driver} (the lab's own JVM, which runs the load), {@code service} (the
 *                            variant under test) or {@code downstream} (a simulator it calls)
 * @param cpuSeconds          user and system CPU during the step; empty where it could not be read
 * @param backgroundCores     what it used with no load, just before the step (the probe's sampling, timers), in cores
 * @param cpuMillisPerRequest what it used beyond that background, over the step's completed requests; empty
 *                            where its CPU or the requests are unknown
 * @param runQueueWaitSeconds how long its threads, ready to run, waited for a core during the step, all threads
 *                            together (Linux's schedstat); empty where it could not be read
 */
public record ProcessCpu(
        String role,
        String name,
        OptionalDouble cpuSeconds,
        double backgroundCores,
        OptionalDouble cpuMillisPerRequest,
        OptionalDouble runQueueWaitSeconds) {

    public ProcessCpu {
        cpuSeconds = cpuSeconds == null ? OptionalDouble.empty() : cpuSeconds;
        cpuMillisPerRequest = cpuMillisPerRequest == null ? OptionalDouble.empty() : cpuMillisPerRequest;
        runQueueWaitSeconds = runQueueWaitSeconds == null ? OptionalDouble.empty() : runQueueWaitSeconds;
    }
}
