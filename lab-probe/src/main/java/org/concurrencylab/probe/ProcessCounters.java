package org.concurrencylab.probe;

/**
 * Cumulative counters of the process, read on demand rather than every sample because the context
 * switches need one /proc read per thread.
 *
 * @param voluntaryContextSwitches   sum over live threads; -1 where /proc is not available
 * @param involuntaryContextSwitches sum over live threads; -1 where /proc is not available
 */
public record ProcessCounters(long epochMillis, long processCpuNanos, long heapUsedBytes,
                              long voluntaryContextSwitches, long involuntaryContextSwitches) {
}
