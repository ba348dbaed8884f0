package org.concurrencylab.services.legacy.database;

/**
 * What the database's sessions were doing at one instant, and its transaction counters then.
 *
 * @param waitingOnLocks sessions waiting for a lock another transaction holds (a row of the hot record)
 * @param active         sessions running a statement, waiting or not
 * @param open           sessions connected, idle or not (the pools' connections)
 * @param commits        transactions committed so far (PostgreSQL's counter, flushed about once a second)
 * @param rollbacks      transactions rolled back so far, timeouts among them
 */
public record LockActivity(long epochMillis, int waitingOnLocks, int active, int open, long commits, long rollbacks) {}
