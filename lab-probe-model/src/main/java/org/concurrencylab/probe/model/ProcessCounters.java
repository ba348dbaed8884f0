package org.concurrencylab.probe.model;

/**
 * Cumulative counters of the process, read on demand rather than every sample because the context
 * switches need one /proc read per thread.
 *
 * @param voluntaryContextSwitches   over the process's threads so far; -1 where /proc is not available
 * @param involuntaryContextSwitches over the process's threads so far; -1 where /proc is not available
 */
public record ProcessCounters(long epochMillis, long processCpuNanos, long heapUsedBytes,
                              long voluntaryContextSwitches, long involuntaryContextSwitches) {
}
