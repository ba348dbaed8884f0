package org.concurrencylab.probe.core;

/**
 * When the sampler may read every thread's stack: at most once a period, and for at most a share of the time
 * averaged over a window, so that the safepoint each read holds stays a small part of what the service spends.
 *
 * <p>The share is kept as an allowance that fills at the share of the time passed, up to one window's worth, and
 * that each read spends by what it took: one slow read (tens of milliseconds on a host whose other core is
 * taken) costs its share of the window, and never stops the reads for seconds.
 *
 * <p>Not thread-safe: the sampler calls it from its own thread, under its lock.
 */
final class StackReadBudget {

    private final long periodNanos;
    private final double share;
    private final long windowAllowanceNanos;
    private double allowanceNanos;
    private long filledAtNanos;
    private long lastReadNanos;

    /**
     * @param periodNanos the shortest distance between two reads
     * @param share       the largest share of the time reads may take, averaged over the window
     * @param windowNanos how long a window the share is averaged over
     * @param nowNanos    the clock's reading now
     */
    StackReadBudget(long periodNanos, double share, long windowNanos, long nowNanos) {
        if (periodNanos <= 0 || windowNanos <= 0 || !(share > 0 && share < 1)) {
            throw new IllegalArgumentException(
                    "period and window must be positive and the share within (0, 1), got period " + periodNanos
                            + " ns, share " + share + ", window " + windowNanos + " ns");
        }
        this.periodNanos = periodNanos;
        this.share = share;
        this.windowAllowanceNanos = (long) (share * windowNanos);
        this.allowanceNanos = windowAllowanceNanos;
        this.filledAtNanos = nowNanos;
        this.lastReadNanos = nowNanos - periodNanos; // the first read may start at once
    }

    /** Whether a read may start now. */
    boolean allows(long nowNanos) {
        fill(nowNanos);
        return nowNanos - lastReadNanos >= periodNanos && allowanceNanos > 0;
    }

    /** Spends what a read that started at {@code startNanos} took. */
    void spent(long startNanos, long tookNanos) {
        fill(startNanos + tookNanos);
        allowanceNanos -= tookNanos;
        lastReadNanos = startNanos;
    }

    private void fill(long nowNanos) {
        long passed = nowNanos - filledAtNanos;
        if (passed > 0) {
            allowanceNanos = Math.min(windowAllowanceNanos, allowanceNanos + share * passed);
            filledAtNanos = nowNanos;
        }
    }
}
