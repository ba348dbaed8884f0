package org.concurrencylab.results.usage;

/**
 * What the service process used during the step; context switches are -1 where /proc is missing.
 * @param jitCpuSeconds   CPU the JIT compiler threads used during the step, -1 where /proc is missing:
 *                        much of it means the step measured a service still warming up
 * @param serverRequests   requests the service's own timers (http.server.requests) counted in the step
 * @param serverMeanMillis their mean time by those timers: from the handler's filter to the answer,
 *                         so without the time a request waited before a thread took it
 * @param virtualThreadPins times in the step a virtual thread blocked for 20 ms or more while pinned to its
 *                          carrier (JFR's {@code jdk.VirtualThreadPinned}, counted by the lab's agent); -1 where
 *                          nothing counted them (the lab's own services)
 */
public record ProcessUsage(
        double cpuSeconds,
        long heapPeakBytes,
        long voluntaryContextSwitches,
        long involuntaryContextSwitches,
        double jitCpuSeconds,
        long serverRequests,
        double serverMeanMillis,
        long virtualThreadPins) {

    /** Usage where nothing counted pinned virtual threads. */
    public ProcessUsage(
            double cpuSeconds,
            long heapPeakBytes,
            long voluntaryContextSwitches,
            long involuntaryContextSwitches,
            double jitCpuSeconds,
            long serverRequests,
            double serverMeanMillis) {
        this(
                cpuSeconds,
                heapPeakBytes,
                voluntaryContextSwitches,
                involuntaryContextSwitches,
                jitCpuSeconds,
                serverRequests,
                serverMeanMillis,
                -1);
    }

    /** The JIT's CPU over the step's wall time: the share of one core it took, or -1. */
    public double jitShareOfACore(double elapsedSeconds) {
        return jitCpuSeconds < 0 || elapsedSeconds <= 0 ? -1 : jitCpuSeconds / elapsedSeconds;
    }
}
