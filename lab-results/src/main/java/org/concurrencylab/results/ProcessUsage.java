package org.concurrencylab.results;

/**
 * What the service process used during the step; context switches are -1 where /proc is missing.
 * @param serverRequests   requests the service's own timers (http.server.requests) counted in the step
 * @param serverMeanMillis their mean time by those timers: from the handler's filter to the answer,
 *                         so without the time a request waited before a thread took it
 */
public record ProcessUsage(double cpuSeconds, long heapPeakBytes, long voluntaryContextSwitches,
                           long involuntaryContextSwitches, long serverRequests, double serverMeanMillis) {
}
