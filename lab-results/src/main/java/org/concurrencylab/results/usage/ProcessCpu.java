package org.concurrencylab.results.usage;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The CPU one process the lab runs used during a step.
 *
 * @param role                {@code driver} (the lab's own JVM, which runs the load), {@code service} (the
 *                            variant under test) or {@code downstream} (a simulator it calls)
 * @param cpuSeconds          user and system CPU during the step, -1 when it could not be read
 * @param backgroundCores     what it used with no load, just before the step (the probe's sampling, timers), in cores
 * @param cpuMillisPerRequest what it used beyond that background, over the step's completed requests; -1 when unknown
 * @param runQueueWaitSeconds how long its threads, ready to run, waited for a core during the step, all threads
 *                            together (Linux's schedstat); -1 where it could not be read
 */
public record ProcessCpu(
        String role,
        String name,
        double cpuSeconds,
        double backgroundCores,
        double cpuMillisPerRequest,
        double runQueueWaitSeconds) {

    /** As read from results.json: a file written before the lab read the wait has no such figure. */
    @JsonCreator
    static ProcessCpu read(
            @JsonProperty("role") String role,
            @JsonProperty("name") String name,
            @JsonProperty("cpuSeconds") double cpuSeconds,
            @JsonProperty("backgroundCores") double backgroundCores,
            @JsonProperty("cpuMillisPerRequest") double cpuMillisPerRequest,
            @JsonProperty("runQueueWaitSeconds") Double runQueueWaitSeconds) {
        return new ProcessCpu(
                role,
                name,
                cpuSeconds,
                backgroundCores,
                cpuMillisPerRequest,
                runQueueWaitSeconds == null ? -1 : runQueueWaitSeconds);
    }
}
