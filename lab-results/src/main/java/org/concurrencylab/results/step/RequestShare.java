package org.concurrencylab.results.step;

/**
 * One request of a step that sent several, by itself: which of them is slow, or failing.
 *
 * @param request     the request in one line, as {@code POST /orders (a body of 24 bytes)}
 * @param weight      its declared share of the requests, 0 to 1
 * @param sent        how many the step sent
 * @param failed      how many of those failed (an error status, a timeout, a refused connection)
 * @param meanMillis  the mean latency of its answered requests; null where none was answered
 * @param p95Millis   the 95th percentile of the same; null where none was answered
 */
public record RequestShare(
        String request, double weight, long sent, long failed, Double meanMillis, Double p95Millis) {}
