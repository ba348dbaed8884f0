package org.concurrencylab.results.usage;

/**
 * How full a pool that counts its own members was during a step (Tomcat's workers, a HikariCP pool), from
 * the probe's samples of the pool's own gauges.
 *
 * @param kind           {@code threads} or {@code connections}
 * @param max            the most members it may have (the last sample's)
 * @param meanBusy       members taken by requests, on average over the step's samples
 * @param peakBusy       the most taken at once
 * @param fullShare      the share of samples in which every member it may have was taken
 * @param meanWaiting    callers queued for a member, on average; null where the pool does not tell
 * @param samples        how many samples the figures come from
 */
public record PoolOccupancy(
        String kind, int max, double meanBusy, int peakBusy, double fullShare, Double meanWaiting, int samples) {

    /** Full in most of the step: every request that needs a member waits for one. */
    public static final double SATURATED_SHARE = 0.5;

    public boolean saturated() {
        return fullShare >= SATURATED_SHARE;
    }
}
