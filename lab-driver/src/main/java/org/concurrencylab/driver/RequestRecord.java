package org.concurrencylab.driver;

/**
 * One request as the client saw it, kept for time charts.
 *
 * @param user          the virtual user that sent it (0-based)
 * @param sequence      its place in that user's sequence (0-based)
 * @param startNanos    when it was sent, relative to the start of the load
 * @param latencyNanos  from send until the full answer, or until the failure
 */
public record RequestRecord(int user, int sequence, long startNanos, long latencyNanos, Outcome outcome) {
}
