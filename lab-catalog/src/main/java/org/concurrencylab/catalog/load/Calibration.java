package org.concurrencylab.catalog.load;

/**
 * A value the first variant measures on this machine at start and every later variant of the run
 * reuses, so that all of them do the same work: the first reports it in its sizing under
 * {@code sizingKey}, the others receive it as the Spring property {@code property}.
 */
public record Calibration(String sizingKey, String property) {}
