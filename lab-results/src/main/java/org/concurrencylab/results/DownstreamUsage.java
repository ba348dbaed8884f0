package org.concurrencylab.results;

/**
 * The downstream simulator during one step, to show it was not the bottleneck.
 *
 * @param requests        calls it answered during the step
 * @param meanMillis      the mean time it took per call, by its own server timers (D plus its overhead)
 * @param peakLiveThreads most live threads in its samples during the step
 * @param cpuSeconds      CPU it used during the step
 */
public record DownstreamUsage(long requests, double meanMillis, int peakLiveThreads, double cpuSeconds) {
}
