package org.concurrencylab.results.step;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One service of a variant during a step, by its own meters, per article second: what its server
 * answered and how long that took by its own clock, and the gauges of its pools. Beside the client's
 * timeline it shows where along a chain the latency rose and which pool waited.
 *
 * @param service the service, e.g. {@code legacy-storefront} or {@code orders}
 */
public record ServiceTimeline(String service, List<Point> points) {

    /**
     * @param atSeconds    start of the second since the step started, in the article's seconds
     * @param requests     requests its server completed in that second
     * @param serverErrors those it answered with a 5xx status
     * @param p50Millis    their median time in its server (real milliseconds, as measured)
     * @param p95Millis    their 95th percentile
     * @param gauges       the mean of each of its pools' gauges over the second: tomcatBusyThreads,
     *                     dbConnectionsActive, dbConnectionsPending, clientConnectionsLeased,
     *                     clientConnectionsPending, circuitOpen (the share of the second it was open)
     */
    public record Point(
            double atSeconds,
            long requests,
            long serverErrors,
            double meanMillis,
            double p50Millis,
            double p95Millis,
            Map<String, Double> gauges) {

        public Point {
            gauges = gauges == null ? Map.of() : new TreeMap<>(gauges);
        }
    }

    public ServiceTimeline {
        points = List.copyOf(points);
    }
}
