package org.concurrencylab.probe.model;

import java.util.Map;

/**
 * One window of a service's own view of its work (the lab makes a window one article second): the
 * requests its server answered in it and how long they took, by the service's own clock, and the mean
 * over the window of the gauges of its pools.
 *
 * @param endEpochMillis when the window closed
 * @param requests       requests its server completed in the window (the Actuator's left out)
 * @param serverErrors   those answered with a 5xx status
 * @param meanMillis     their mean time in the server; 0 when there were none
 * @param p50Millis      their median, from an HdrHistogram of the window
 * @param p95Millis      their 95th percentile
 * @param gauges         by name ({@link #TOMCAT_BUSY} and the others below), the mean of each gauge the
 *                       service has over the window's samples; a gauge the service lacks is absent
 */
public record MeterWindow(
        long endEpochMillis,
        long requests,
        long serverErrors,
        double meanMillis,
        double p50Millis,
        double p95Millis,
        Map<String, Double> gauges) {

    /** Tomcat's workers busy with a request. */
    public static final String TOMCAT_BUSY = "tomcatBusyThreads";
    /** HikariCP's connections lent out, and the requests waiting for one. */
    public static final String DB_ACTIVE = "dbConnectionsActive";

    public static final String DB_PENDING = "dbConnectionsPending";
    /** Apache HttpClient's pooled connections lent out, and the requests waiting for one. */
    public static final String CLIENT_LEASED = "clientConnectionsLeased";

    public static final String CLIENT_PENDING = "clientConnectionsPending";
    /** A Resilience4j circuit breaker open (1) or not (0): its mean is the share of the window it was open. */
    public static final String CIRCUIT_OPEN = "circuitOpen";

    public MeterWindow {
        gauges = gauges == null ? Map.of() : Map.copyOf(gauges);
    }
}
