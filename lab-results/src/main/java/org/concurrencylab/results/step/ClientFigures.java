package org.concurrencylab.results.step;

import java.util.List;
import java.util.OptionalDouble;
import org.concurrencylab.results.interval.Interval;

/**
 * What the load's client saw during one step: every figure here is measured at the client, by the lab's
 * driver or by the engine whose statistics were imported, whatever the service exposes.
 *
 * @param requests            how many were sent, answered and failed, and how
 * @param throughputPerSecond requests answered OK over the step's elapsed time
 * @param latencyMillis       the latency of the requests answered OK
 * @param elapsedSeconds      first due time to last answer or deadline
 * @param meanInFlight        requests in flight on average (Little's law: L = X x W)
 * @param arrivals            how an open load's schedule was kept; null for a closed load
 * @param timeline            the step over time, in bins of one article second
 * @param requestLog          the per-request CSV, relative to the results directory; null where none was written
 * @param byRequest           each request of a step that sent several, by itself; empty where it sent one
 * @param throughputPerSecondInterval the throughput's interval over the forks of a variant run in several, its
 *                            figure then their mean; null for one fork, and in results written before forks
 * @param throughputSpreadWithinForks how far the step's throughput moved from one second to the next within a fork,
 *                            as a share of its mean (the windows' standard deviation, pooled over the forks): the
 *                            spread one JVM shows, beside the interval that the spread between JVMs sets; empty
 *                            where not measured
 */
public record ClientFigures(
        Requests requests,
        double throughputPerSecond,
        LatencyMillis latencyMillis,
        double elapsedSeconds,
        double meanInFlight,
        Arrivals arrivals,
        Timeline timeline,
        String requestLog,
        List<RequestShare> byRequest,
        Interval throughputPerSecondInterval,
        OptionalDouble throughputSpreadWithinForks) {

    public ClientFigures {
        byRequest = byRequest == null ? List.of() : List.copyOf(byRequest);
        throughputSpreadWithinForks =
                throughputSpreadWithinForks == null ? OptionalDouble.empty() : throughputSpreadWithinForks;
    }
}
