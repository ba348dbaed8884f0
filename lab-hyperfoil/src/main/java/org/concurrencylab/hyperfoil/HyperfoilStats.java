package org.concurrencylab.hyperfoil;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A Hyperfoil run's statistics as its controller exports them ({@code /run/{id}/stats/total}, and the
 * CLI's {@code export} in JSON): per phase and metric, a summary with times in nanoseconds and start
 * and end in epoch milliseconds. Read together over every phase, as one step of the lab's. A
 * controller's start and end are the edges of its one-second statistics periods; where an entry also
 * has {@code phaseStart} and {@code phaseEnd} (the lab's runner of Hyperfoil's engine writes them),
 * the phase's own start and end are used instead, so that a step of a few seconds is not divided by
 * whole seconds.
 *
 * @param requests    requests sent
 * @param responses   responses received
 * @param timeouts    requests that timed out
 * @param connectionErrors connections refused, reset or closed before an answer
 * @param internalErrors    errors of Hyperfoil itself
 * @param invalid     responses Hyperfoil judged invalid: by default every status outside 2xx and 3xx
 * @param seconds     from the first phase's start to the last one's end
 * @param meanMillis  the mean response time over every phase, weighted by responses
 * @param maxMillis   the longest response time of any phase
 * @param percentiles percentile (50.0, 90.0, ...) to milliseconds; where several phases carried the load
 *                    (a held load's users start in phases of their own), their mean weighted by responses:
 *                    the summaries hold percentiles, not histograms, so they cannot be merged exactly
 */
public record HyperfoilStats(String name, long requests, long responses, long timeouts, long connectionErrors,
                             long internalErrors, long invalid, double seconds, double meanMillis, double maxMillis,
                             Map<Double, Double> percentiles) {

    public static HyperfoilStats read(Path file) throws IOException {
        JsonNode root;
        try {
            root = JsonMapper.builder().build().readTree(Files.readString(file));
        } catch (JacksonException e) {
            throw new IOException(file + " is not JSON: " + e.getOriginalMessage());
        }
        JsonNode statistics = root.get("statistics");
        if (statistics == null || !statistics.isArray() || statistics.isEmpty()) {
            throw new IOException(file + " has no Hyperfoil statistics (a \"statistics\" list, as /run/{id}/stats/total answers)");
        }
        long requests = 0;
        long responses = 0;
        long timeouts = 0;
        long connectionErrors = 0;
        long internalErrors = 0;
        long maxNanos = 0;
        long invalid = 0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        double meanNanos = 0;
        Map<Double, Double> weighted = new TreeMap<>();
        for (JsonNode entry : statistics) {
            JsonNode summary = entry.get("summary");
            if (summary == null) {
                throw new IOException(file + ": a statistics entry without its summary");
            }
            long answered = summary.path("responseCount").asLong();
            requests += summary.path("requestCount").asLong();
            responses += answered;
            timeouts += summary.path("requestTimeouts").asLong();
            connectionErrors += summary.path("connectionErrors").asLong();
            internalErrors += summary.path("internalErrors").asLong();
            maxNanos = Math.max(maxNanos, summary.path("maxResponseTime").asLong());
            invalid += summary.path("invalid").asLong();
            boolean ownTimes = entry.path("phaseStart").asLong() > 0 && entry.path("phaseEnd").asLong() > 0;
            start = Math.min(start, ownTimes ? entry.path("phaseStart").asLong() : summary.path("startTime").asLong());
            end = Math.max(end, ownTimes ? entry.path("phaseEnd").asLong() : summary.path("endTime").asLong());
            meanNanos += summary.path("meanResponseTime").asDouble() * answered;
            summary.path("percentileResponseTime").properties().forEach(percentile -> weighted.merge(
                    Double.parseDouble(percentile.getKey()), percentile.getValue().asDouble() * answered, Double::sum));
        }
        long total = responses;
        Map<Double, Double> percentiles = new TreeMap<>();
        weighted.forEach((percentile, sum) -> percentiles.put(percentile, total == 0 ? 0 : sum / total / 1e6));
        for (double needed : new double[] {50.0, 90.0, 99.0}) {
            if (!percentiles.containsKey(needed)) {
                throw new IOException(file + ": Hyperfoil's summaries have no " + needed + "th percentile; the lab needs "
                        + "the 50th, 90th and 99th, which a controller reports by default");
            }
        }
        if (requests == 0) {
            throw new IOException(file + ": Hyperfoil sent no requests in it (only warm-up phases, or a run that did not start)");
        }
        return new HyperfoilStats(root.path("name").asString(file.getFileName().toString()), requests, responses, timeouts,
                connectionErrors, internalErrors, invalid, Math.max(0, end - start) / 1e3,
                total == 0 ? 0 : meanNanos / total / 1e6, maxNanos / 1e6, percentiles);
    }

    /** Responses with a valid status: what the lab counts as answered. */
    public long ok() {
        return responses - invalid;
    }

    /** Valid answers per second over the whole run, as the lab counts its throughput. */
    public double throughputPerSecond() {
        return seconds == 0 ? 0 : ok() / seconds;
    }

    /** The percentile's latency, in milliseconds; NaN where Hyperfoil did not report it. */
    public double percentile(double percentile) {
        return percentiles.getOrDefault(percentile, Double.NaN);
    }
}
