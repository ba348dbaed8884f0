package org.concurrencylab.catalog.model;

/**
 * Requests arriving at a fixed rate for a fixed time into a server that serves fewer per second, taken in
 * arrival order: the queue grows for the whole run, and a request arriving at {@code t} waits for all
 * those before it, {@code t (arrivals / served - 1)}, then takes its own service time. Over arrivals spread
 * evenly through the run, the latency's q-th percentile is that of the request arriving at {@code q T}.
 *
 * @param arrivalsPerSecond the rate requests are sent at, whatever the answers
 * @param seconds           how long they are sent for
 * @param servedPerSecond   the server's rate, below the arrivals'
 * @param serviceMillis     a request's own time once the server takes it
 */
public record GrowingQueue(double arrivalsPerSecond, double seconds, double servedPerSecond, double serviceMillis) {

    public GrowingQueue {
        if (!(arrivalsPerSecond > 0 && seconds > 0 && servedPerSecond > 0 && serviceMillis >= 0)) {
            throw new IllegalArgumentException("a queue needs positive rates and a duration, not " + arrivalsPerSecond
                    + "/s for " + seconds + " s into " + servedPerSecond + "/s");
        }
    }

    /**
     * The queue whose mean latency over the run is {@code meanMillis}, into a server that holds
     * {@code threadsPerRequest} requests at once (7 threads for requests of two calls hold 3.5), each for
     * one call's time c: c solves {@code mean = T/2 (arrivals c / threadsPerRequest - 1) + c}.
     */
    public static GrowingQueue fromMean(
            double arrivalsPerSecond, double seconds, double threadsPerRequest, double meanMillis) {
        double callSeconds =
                (meanMillis / 1000 + seconds / 2) / (seconds / 2 * arrivalsPerSecond / threadsPerRequest + 1);
        return new GrowingQueue(arrivalsPerSecond, seconds, threadsPerRequest / callSeconds, 1000 * callSeconds);
    }

    /** Whether it grows at all: fewer served than arrive. */
    public boolean grows() {
        return servedPerSecond < arrivalsPerSecond;
    }

    /** The latency of the request arriving at the {@code q} fraction of the run, in milliseconds. */
    public double percentileMillis(double q) {
        double waitSeconds = grows() ? q * seconds * (arrivalsPerSecond / servedPerSecond - 1) : 0;
        return 1000 * waitSeconds + serviceMillis;
    }
}
