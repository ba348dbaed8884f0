package org.concurrencylab.agent;

import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.LongAdder;
import org.concurrencylab.probe.model.PinsSince;

/**
 * Pins by the millisecond they ended, and how far JFR's deliveries cover. JFR writes its threads' events out at
 * a flush about once a second and the stream hands them over after it, so when a flush's events have been handed
 * over, every event that ended before the previous hand-over has been too: the next flush began after it. The
 * stream calls back twice for one flush, milliseconds apart, so call-backs within {@link #ONE_HAND_OVER_MILLIS} of
 * each other are one hand-over. Pins older than {@link #KEPT_MILLIS} are dropped; no reader asks that far back.
 */
final class PinTimeline {

    static final long KEPT_MILLIS = 15 * 60 * 1000L;

    /** Half of JFR's flush period of a second: call-backs closer than this belong to one flush. */
    static final long ONE_HAND_OVER_MILLIS = 500;

    private final ConcurrentSkipListMap<Long, LongAdder> endedAt = new ConcurrentSkipListMap<>();
    private volatile long lastHandOver = Long.MIN_VALUE;
    private volatile long deliveredUpTo = Long.MIN_VALUE;

    /** A pin that ended at {@code endEpochMillis}, as JFR handed it over. */
    void ended(long endEpochMillis) {
        endedAt.computeIfAbsent(endEpochMillis, millis -> new LongAdder()).increment();
    }

    /** JFR has handed over every event of a flush, at {@code nowEpochMillis}. */
    synchronized void handedOver(long nowEpochMillis) {
        if (lastHandOver != Long.MIN_VALUE && nowEpochMillis - lastHandOver < ONE_HAND_OVER_MILLIS) {
            return;
        }
        deliveredUpTo = lastHandOver;
        lastHandOver = nowEpochMillis;
        endedAt.headMap(nowEpochMillis - KEPT_MILLIS).clear();
    }

    /** The pins that ended at or after {@code sinceEpochMillis}, and up to when the count is whole. */
    PinsSince since(long sinceEpochMillis) {
        long ended = endedAt.tailMap(sinceEpochMillis, true).values().stream()
                .mapToLong(LongAdder::sum)
                .sum();
        return new PinsSince(ended, deliveredUpTo);
    }
}
