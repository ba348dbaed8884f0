package org.concurrencylab.probe.model;

/**
 * The virtual threads that blocked pinned to their carrier (JFR's {@code VirtualThreadPinned}) whose pin ended at
 * or after a report's {@code since}, counted by when each ended rather than when JFR handed it over. JFR hands its
 * events over about once a second, so a count is whole only up to {@code deliveredUpToEpochMillis}: a reader that
 * needs every pin up to a time reads again until that time is covered.
 *
 * @param ended                    pins that ended at or after {@code since}, as delivered so far
 * @param deliveredUpToEpochMillis every pin that ended before this time has been delivered
 */
public record PinsSince(long ended, long deliveredUpToEpochMillis) {}
