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
 * @param name    the benchmark's name, or the file's where the export has none
 * @param counts  what was sent and what came of it, summed over every phase
 * @param seconds from the first phase's start to the last one's end
 * @param times   the response times over every phase
 */
public record HyperfoilStats(String name, Counts counts, double seconds, ResponseTimes times) {

    /**
     * A summary's counts; one phase's are read by their field names, the run's are their sum.
     *
     * @param requests         requests sent
     * @param responses        responses received
     * @param timeouts         requests that timed out
     * @param connectionErrors connections refused, reset or closed before an answer
     * @param internalErrors   errors of Hyperfoil itself
     * @param invalid          responses Hyperfoil judged invalid: by default every status outside 2xx and 3xx
     */
    public record Counts(
            long requests, long responses, long timeouts, long connectionErrors, long internalErrors, long invalid) {

        static final Counts NONE = new Counts(0, 0, 0, 0, 0, 0);

        private static Counts of(Values summary) throws IOException {
            return new Counts(
                    summary.count("requestCount"),
                    summary.count("responseCount"),
                    summary.count("requestTimeouts"),
                    summary.count("connectionErrors"),
                    summary.count("internalErrors"),
                    summary.count("invalid"));
        }

        Counts plus(Counts other) {
            return new Counts(
                    requests + other.requests,
                    responses + other.responses,
                    timeouts + other.timeouts,
                    connectionErrors + other.connectionErrors,
                    internalErrors + other.internalErrors,
                    invalid + other.invalid);
        }

        /** Responses with a valid status: what the lab counts as answered. */
        public long ok() {
            return responses - invalid;
        }
    }

    /**
     * @param meanMillis  the mean response time over every phase, weighted by responses
     * @param maxMillis   the longest response time of any phase
     * @param percentiles percentile (50.0, 90.0, ...) to milliseconds; where several phases carried the load
     *                    (a held load's users start in phases of their own), their mean weighted by responses:
     *                    the summaries hold percentiles, not histograms, so they cannot be merged exactly
     */
    public record ResponseTimes(double meanMillis, double maxMillis, Map<Double, Double> percentiles) {

        public ResponseTimes {
            percentiles = Map.copyOf(percentiles);
        }

        /** The percentile's latency, in milliseconds; NaN where Hyperfoil did not report it. */
        public double percentile(double percentile) {
            return percentiles.getOrDefault(percentile, Double.NaN);
        }
    }

    /** A controller's export of a long run is some kilobytes a phase; anything past this is not one. */
    static final long MAX_FILE_BYTES = 64L << 20;
    /** More requests than any load of a lab's step, or a day of a big cluster's, could send: a count past it is not one. */
    static final long MAX_COUNT = 1_000_000_000_000L;
    /** A day in nanoseconds: no response time a summary holds is longer. */
    static final double MAX_NANOS = 86_400e9;
    /** Epoch milliseconds of 2000-01-01 and 2100-01-01: a phase's start or end outside them is not a time of a run. */
    static final long EARLIEST_MILLIS = 946_684_800_000L;

    static final long LATEST_MILLIS = 4_102_444_800_000L;

    /** @throws IOException naming the file, and the value that means nothing where one does, in one line */
    public static HyperfoilStats read(Path file) throws IOException {
        long size = Files.size(file);
        if (size > MAX_FILE_BYTES) {
            throw new IOException(file + " is " + (size >> 20) + " MB: a Hyperfoil statistics export is kilobytes "
                    + "(the lab reads at most " + (MAX_FILE_BYTES >> 20) + " MB)");
        }
        JsonNode root;
        try {
            root = JsonMapper.builder().build().readTree(Files.readString(file));
        } catch (JacksonException e) {
            throw new IOException(file + " is not JSON: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        }
        JsonNode statistics = root == null ? null : root.get("statistics");
        if (statistics == null || !statistics.isArray() || statistics.isEmpty()) {
            throw new IOException(
                    file + " has no Hyperfoil statistics (a \"statistics\" list, as /run/{id}/stats/total answers)");
        }
        Counts counts = Counts.NONE;
        double maxNanos = 0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        double meanNanos = 0;
        Map<Double, Double> weighted = new TreeMap<>();
        for (JsonNode entry : statistics) {
            JsonNode summary = entry.get("summary");
            if (summary == null || !summary.isObject()) {
                throw new IOException(file + ": a statistics entry without its summary");
            }
            Values values = new Values(file, summary);
            Counts phaseCounts = Counts.of(values);
            long answered = phaseCounts.responses();
            counts = counts.plus(phaseCounts);
            maxNanos = Math.max(maxNanos, values.nanos("maxResponseTime"));
            Values phase = new Values(file, entry);
            boolean ownTimes = entry.has("phaseStart") && entry.has("phaseEnd");
            long entryStart = ownTimes ? phase.epochMillis("phaseStart") : values.epochMillis("startTime");
            long entryEnd = ownTimes ? phase.epochMillis("phaseEnd") : values.epochMillis("endTime");
            if (entryEnd < entryStart) {
                throw new IOException(file + ": a phase ends (" + entryEnd + ") before it starts (" + entryStart + ")");
            }
            start = Math.min(start, entryStart);
            end = Math.max(end, entryEnd);
            meanNanos += values.nanos("meanResponseTime") * answered;
            JsonNode percentileTimes = summary.path("percentileResponseTime");
            for (Map.Entry<String, JsonNode> percentile : percentileTimes.properties()) {
                weighted.merge(
                        values.percentile(percentile.getKey()),
                        values.nanos(percentile.getValue(), "percentile " + percentile.getKey()) * answered,
                        Double::sum);
            }
        }
        long total = counts.responses();
        Map<Double, Double> percentiles = new TreeMap<>();
        weighted.forEach((percentile, sum) -> percentiles.put(percentile, total == 0 ? 0 : sum / total / 1e6));
        for (double needed : new double[] {50.0, 90.0, 99.0}) {
            if (!percentiles.containsKey(needed)) {
                throw new IOException(
                        file + ": Hyperfoil's summaries have no " + needed + "th percentile; the lab needs "
                                + "the 50th, 90th and 99th, which a controller reports by default");
            }
        }
        if (counts.requests() == 0) {
            throw new IOException(
                    file + ": Hyperfoil sent no requests in it (only warm-up phases, or a run that did not start)");
        }
        if (counts.requests() > MAX_COUNT || counts.responses() > MAX_COUNT) {
            throw new IOException(file + ": " + Math.max(counts.requests(), counts.responses())
                    + " requests in all is more than any run sends");
        }
        if (end == start) {
            throw new IOException(file + ": its phases took no time (start and end are both " + start + ")");
        }
        JsonNode name = root.get("name");
        return new HyperfoilStats(
                name != null && name.isString()
                        ? name.asString()
                        : file.getFileName().toString(),
                counts,
                (end - start) / 1e3,
                new ResponseTimes(total == 0 ? 0 : meanNanos / total / 1e6, maxNanos / 1e6, percentiles));
    }

    /** The values of one JSON object of the export, each checked against what it means. */
    private record Values(Path file, JsonNode object) {

        /** A count: absent is none; otherwise a whole number from 0 to {@link #MAX_COUNT}. */
        long count(String field) throws IOException {
            JsonNode value = object.get(field);
            if (value == null || value.isNull()) {
                return 0;
            }
            if (!value.isIntegralNumber()
                    || !value.canConvertToLong()
                    || value.asLong() < 0
                    || value.asLong() > MAX_COUNT) {
                throw new IOException(file + ": " + field + " is not a count of requests: " + value);
            }
            return value.asLong();
        }

        /** A time in nanoseconds: absent is none; otherwise a number from 0 to a day. */
        double nanos(String field) throws IOException {
            JsonNode value = object.get(field);
            return value == null || value.isNull() ? 0 : nanos(value, field);
        }

        double nanos(JsonNode value, String what) throws IOException {
            if (!value.isNumber()
                    || !Double.isFinite(value.asDouble())
                    || value.asDouble() < 0
                    || value.asDouble() > MAX_NANOS) {
                throw new IOException(file + ": " + what + " is not a response time in nanoseconds: " + value);
            }
            return value.asDouble();
        }

        /** A moment in epoch milliseconds, this century's. */
        long epochMillis(String field) throws IOException {
            JsonNode value = object.get(field);
            if (value == null
                    || !value.isIntegralNumber()
                    || !value.canConvertToLong()
                    || value.asLong() < EARLIEST_MILLIS
                    || value.asLong() > LATEST_MILLIS) {
                throw new IOException(file + ": " + field + " is not a time in epoch milliseconds: " + value);
            }
            return value.asLong();
        }

        /** A percentile's key, "99.0": above 0 and at most 100. */
        double percentile(String key) throws IOException {
            double percentile;
            try {
                percentile = Double.parseDouble(key);
            } catch (NumberFormatException e) {
                percentile = Double.NaN;
            }
            if (!(percentile > 0 && percentile <= 100)) {
                throw new IOException(file + ": '" + key + "' is not a percentile (a number above 0 and at most 100)");
            }
            return percentile;
        }
    }

    /** Valid answers per second over the whole run, as the lab counts its throughput. */
    public double throughputPerSecond() {
        return seconds == 0 ? 0 : counts.ok() / seconds;
    }
}
