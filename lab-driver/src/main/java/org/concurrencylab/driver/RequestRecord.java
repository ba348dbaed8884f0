package org.concurrencylab.driver;

/**
 * One request as the client saw it, kept for time charts.
 *
 * @param user          the virtual user that sent it (0-based); 0 for every request of an open model
 * @param sequence      its place in that user's sequence, or in the open model's schedule (0-based)
 * @param startNanos    when it was due, relative to the start of the load: the moment a closed user
 *                      sent it, or its slot in an open model's schedule
 * @param latencyNanos  from {@code startNanos} until the full answer, or until the failure
 * @param latenessNanos how long after {@code startNanos} it actually went out: always 0 in a closed
 *                      model, the driver's own delay in an open one (already part of the latency)
 */
public record RequestRecord(
        int user, int sequence, long startNanos, long latencyNanos, long latenessNanos, Outcome outcome) {

    public RequestRecord(int user, int sequence, long startNanos, long latencyNanos, Outcome outcome) {
        this(user, sequence, startNanos, latencyNanos, 0, outcome);
    }

    /** When it actually went out, relative to the start of the load. */
    public long sentNanos() {
        return startNanos + latenessNanos;
    }
}
