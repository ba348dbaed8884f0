package org.concurrencylab.results.usage;

import java.util.OptionalDouble;

/**
 * The CPU one process the lab runs used during a step. A figure the machine could not give is empty.
 *
 * @param role                {@code driver} (the lab's own JVM, which runs the load), {@code service} (the
 *                            variant under test) or {@code downstream} (a simulator it calls)
 * @param cpuSeconds          user and system CPU during the step; empty where it could not be read
 * @param backgroundCores     what it used with no load, just before the step (the probe's sampling, timers), in cores
 * @param cpuMillisPerRequest what it used beyond that background and its JIT compilers' CPU, over the step's
 *                            completed requests; empty where its CPU or the requests are unknown
 * @param runQueueWaitSeconds how long its threads, ready to run, waited for a core during the step, all threads
 *                            together (Linux's schedstat); empty where it could not be read
 * @param jitCpuSeconds       what its JIT compiler threads used during the step, left out of its CPU per request
 *                            (code compiled for the requests to come, not this one); empty for a process that is
 *                            not a JVM, and in results written before it
 */
public record ProcessCpu(
        String role,
        String name,
        OptionalDouble cpuSeconds,
        double backgroundCores,
        OptionalDouble cpuMillisPerRequest,
        OptionalDouble runQueueWaitSeconds,
        OptionalDouble jitCpuSeconds) {

    /** A process's CPU whose JIT was not read. */
    public ProcessCpu(
            String role,
            String name,
            OptionalDouble cpuSeconds,
            double backgroundCores,
            OptionalDouble cpuMillisPerRequest,
            OptionalDouble runQueueWaitSeconds) {
        this(role, name, cpuSeconds, backgroundCores, cpuMillisPerRequest, runQueueWaitSeconds, OptionalDouble.empty());
    }

    public ProcessCpu {
        jitCpuSeconds = jitCpuSeconds == null ? OptionalDouble.empty() : jitCpuSeconds;
        cpuSeconds = cpuSeconds == null ? OptionalDouble.empty() : cpuSeconds;
        cpuMillisPerRequest = cpuMillisPerRequest == null ? OptionalDouble.empty() : cpuMillisPerRequest;
        runQueueWaitSeconds = runQueueWaitSeconds == null ? OptionalDouble.empty() : runQueueWaitSeconds;
    }
}
