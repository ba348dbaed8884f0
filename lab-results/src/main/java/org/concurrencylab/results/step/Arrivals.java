package org.concurrencylab.results.step;

/**
 * How an open load's schedule was kept: the driver's own honesty, apart from the server's latency.
 *
 * @param achievedPerSecond  requests sent per second, first send to last
 * @param latenessMillisP99  how late the 99th percentile send left against its schedule
 * @param notSent            requests due while the driver's in-flight cap was reached
 */
public record Arrivals(
        double scheduledPerSecond,
        double achievedPerSecond,
        double latenessMillisP50,
        double latenessMillisP99,
        double latenessMillisMax,
        long notSent) {}
