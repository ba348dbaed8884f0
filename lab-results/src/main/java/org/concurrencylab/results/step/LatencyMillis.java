package org.concurrencylab.results.step;

import org.concurrencylab.results.interval.Interval;

/**
 * Latency of the successful requests, from an HdrHistogram with three significant digits. A variant run in
 * several forks reads here the mean of its forks' figures (the longest, {@code max}, of them all), each with its
 * interval over the forks beside it; the intervals are null for one fork, and in results written before forks.
 */
public record LatencyMillis(
        double mean,
        double p50,
        double p90,
        double p95,
        double p99,
        double max,
        Interval meanInterval,
        Interval p50Interval,
        Interval p90Interval,
        Interval p95Interval,
        Interval p99Interval) {

    /** One fork's latency: no intervals. */
    public LatencyMillis(double mean, double p50, double p90, double p95, double p99, double max) {
        this(mean, p50, p90, p95, p99, max, null, null, null, null, null);
    }

    /** Whether its figures carry intervals over forks. */
    public boolean forked() {
        return meanInterval != null;
    }
}
