package org.concurrencylab.results.usage;

import java.util.List;

/**
 * The database during one step, from its own views ({@code pg_stat_activity}, {@code pg_stat_database}),
 * sampled every probe interval: whether its sessions waited on each other's locks.
 *
 * @param meanWaitingOnLocks sessions waiting on a lock, on average over the step's samples
 * @param peakWaitingOnLocks most sessions waiting on a lock in one sample
 * @param peakOpenSessions   most sessions connected in one sample (the pools' connections)
 * @param commitsPerSecond   transactions committed per second over the step
 * @param rollbacks          transactions rolled back during the step (timeouts among them)
 * @param timeline           per article second: mean sessions waiting on locks, and mean active
 */
public record DatabaseUsage(
        double meanWaitingOnLocks,
        int peakWaitingOnLocks,
        int peakOpenSessions,
        double commitsPerSecond,
        long rollbacks,
        List<Point> timeline) {

    /** One article second of the step. */
    public record Point(double second, double waitingOnLocks, double active) {}

    public DatabaseUsage {
        timeline = List.copyOf(timeline);
    }
}
