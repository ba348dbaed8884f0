package org.concurrencylab.probe.model;

/**
 * Cumulative counters of the process, read on demand rather than every sample because the context
 * switches need one /proc read per thread.
 *
 * @param voluntaryContextSwitches   over the process's threads so far; -1 where /proc is not available
 * @param involuntaryContextSwitches over the process's threads so far; -1 where /proc is not available
 * @param jitCpuNanos                CPU the JIT compiler threads have used so far; -1 where /proc is not
 *                                   available
 * @param serverRequests             requests the service has answered so far (Actuator's own excluded)
 * @param serverRequestNanos         the time it took over them, by its own timers
 */
public record ProcessCounters(long epochMillis, long processCpuNanos, long heapUsedBytes,
                              long voluntaryContextSwitches, long involuntaryContextSwitches,
                              long jitCpuNanos, long serverRequests, long serverRequestNanos) {

    public ProcessCounters withServerRequests(long requests, long nanos) {
        return new ProcessCounters(epochMillis, processCpuNanos, heapUsedBytes, voluntaryContextSwitches,
                involuntaryContextSwitches, jitCpuNanos, requests, nanos);
    }
}
