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
 * @param holds                      by resource: how often and how long the service's requests held a
 *                                   resource its experiment's capacity model counts (a hot row's lock), by
 *                                   the service's own {@code lab.hold} timers; empty where it times none
 * @param virtualThreadPins          times so far a virtual thread blocked while pinned to its carrier for 20 ms
 *                                   or more (JFR's {@code jdk.VirtualThreadPinned}); -1 where nobody counts
 * @param probeCpuNanos              CPU the probe's own threads have used so far (the lab's agent: its sampler,
 *                                   its server, JFR's threads); -1 where the probe does not count it
 */
public record ProcessCounters(
        long epochMillis,
        long processCpuNanos,
        long heapUsedBytes,
        long voluntaryContextSwitches,
        long involuntaryContextSwitches,
        long jitCpuNanos,
        long serverRequests,
        long serverRequestNanos,
        java.util.Map<String, TimerTotals> holds,
        long virtualThreadPins,
        long probeCpuNanos) {

    public ProcessCounters {
        holds = holds == null ? java.util.Map.of() : java.util.Map.copyOf(holds);
    }

    public ProcessCounters withTimers(TimerTotals served, java.util.Map<String, TimerTotals> held) {
        return new ProcessCounters(
                epochMillis,
                processCpuNanos,
                heapUsedBytes,
                voluntaryContextSwitches,
                involuntaryContextSwitches,
                jitCpuNanos,
                served.count(),
                served.totalNanos(),
                held,
                virtualThreadPins,
                probeCpuNanos);
    }

    /** The same, with what only the lab's agent counts. */
    public ProcessCounters withAgentCounts(long pins, long probeCpu) {
        return new ProcessCounters(
                epochMillis,
                processCpuNanos,
                heapUsedBytes,
                voluntaryContextSwitches,
                involuntaryContextSwitches,
                jitCpuNanos,
                serverRequests,
                serverRequestNanos,
                holds,
                pins,
                probeCpu);
    }

    /** The requests the service answered since an earlier reading, by its own server timers. */
    public TimerTotals servedSince(ProcessCounters earlier) {
        return new TimerTotals(serverRequests, serverRequestNanos)
                .minus(new TimerTotals(earlier.serverRequests, earlier.serverRequestNanos));
    }

    /** The holds of a resource since an earlier reading. */
    public TimerTotals heldSince(ProcessCounters earlier, String resource) {
        return holds.getOrDefault(resource, TimerTotals.NONE)
                .minus(earlier.holds.getOrDefault(resource, TimerTotals.NONE));
    }
}
