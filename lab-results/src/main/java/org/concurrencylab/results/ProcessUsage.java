package org.concurrencylab.results;

/**
 * What the service process used during the step; context switches are -1 where /proc is missing.
 */
public record ProcessUsage(double cpuSeconds, long heapPeakBytes, long voluntaryContextSwitches,
                           long involuntaryContextSwitches) {
}
