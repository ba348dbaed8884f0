package org.concurrencylab.results.step;

/** Latency of the successful requests, from an HdrHistogram with three significant digits. */
public record LatencyMillis(double mean, double p50, double p90, double p95, double p99, double max) {}
