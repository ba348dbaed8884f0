package org.concurrencylab.results;

/**
 * What the service process used during the step; context switches are -1 where /proc is missing.
 * @param jitCpuSeconds   CPU the JIT compiler threads used during the step, -1 where /proc is missing:
 *                        much of it means the step measured a service still warming up
 * @param serverRequests   requests the service's own timers (http.server.requests) counted in the step
 * @param serverMeanMillis their mean time by those timers: from the handler's filter to the answer,
 *                         so without the time a request waited before a thread took it
 */
public record ProcessUsage(double cpuSeconds, long heapPeakBytes, long voluntaryContextSwitches,
                           long involuntaryContextSwitches, double jitCpuSeconds, long serverRequests,
                           double serverMeanMillis) {

    /** The JIT's CPU over the step's wall time: the share of one core it took, or -1. */
    public double jitShareOfACore(double elapsedSeconds) {
        return jitCpuSeconds < 0 || elapsedSeconds <= 0 ? -1 : jitCpuSeconds / elapsedSeconds;
    }
}
