package org.concurrencylab.jmeter;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.Outcome;
import org.concurrencylab.driver.RequestRecord;

/**
 * JMeter's CSV sample log (.jtl) as the lab's per-request records: one {@link RequestRecord} per
 * sample, its user from the thread that sent it, its start from the sample's time stamp, its latency
 * from JMeter's elapsed time, its outcome from the success flag and the response code.
 * <p>
 * JMeter logs milliseconds: at a small time scale, where D is 10 ms, a latency is known to a tenth of
 * D, where the lab's own driver records microseconds. Time stamps are the start of each sample only
 * when {@code sampleresult.timestamp.start} is true (JMeter's default since 5.x, and the lab's agents set
 * it); they come from each agent's own clock, so the hosts' clocks must agree (NTP) for the time charts
 * to line up. A closed or held load's length is the longest of the hosts' own spans, each on its own
 * clock. A remote sample's thread name begins with its agent, {@code host:port-}: that is how the shares
 * by host are counted; a sample logged by JMeter on this host is {@link #THIS_HOST}'s.
 */
public final class JmeterSampleLog {

    /** The host a sample without an agent's prefix came from. */
    public static final String THIS_HOST = "local";

    private static final Pattern REMOTE_THREAD = Pattern.compile("^(.+)-(.+ \\d+-\\d+)$");

    /** What a sample log held. */
    public record Read(LoadResult load, Map<String, Long> requestsByHost) {}

    private JmeterSampleLog() {}

    public static Read read(Path jtl) throws IOException {
        return records(samples(jtl));
    }

    /**
     * A sample log of open arrivals, each engine's evenly spaced at {@code perEngineRatePerSecond}: JMeter logs when a
     * request actually went out, so each one's due time is rebuilt from its engine's schedule (the i-th of an engine
     * due i periods after the schedule's start, taken where no send of it came early), and its latency counts from
     * there, a late send's wait included, as the lab's own open driver counts it.
     */
    public static Read readEvenArrivals(Path jtl, double perEngineRatePerSecond) throws IOException {
        if (!(perEngineRatePerSecond > 0)) {
            throw new IllegalArgumentException("a rate of arrivals is positive");
        }
        List<Sample> samples = samples(jtl);
        if (samples.isEmpty()) {
            return records(samples);
        }
        double periodMillis = 1000 / perEngineRatePerSecond;
        Map<String, List<Sample>> byHost = new TreeMap<>();
        samples.forEach(sample ->
                byHost.computeIfAbsent(sample.host(), host -> new ArrayList<>()).add(sample));
        List<double[]> dueAndIndex = new ArrayList<>();
        List<Sample> ordered = new ArrayList<>();
        for (List<Sample> ofHost : byHost.values()) {
            ofHost.sort(Comparator.comparingLong(Sample::startMillis));
            double start = Double.MAX_VALUE;
            for (int i = 0; i < ofHost.size(); i++) {
                start = Math.min(start, ofHost.get(i).startMillis() - i * periodMillis);
            }
            for (int i = 0; i < ofHost.size(); i++) {
                dueAndIndex.add(new double[] {start + i * periodMillis, ordered.size()});
                ordered.add(ofHost.get(i));
            }
        }
        dueAndIndex.sort(Comparator.comparingDouble(entry -> entry[0]));
        double first = dueAndIndex.getFirst()[0];
        double lastEnd = first;
        Histogram ok = new Histogram(3);
        List<RequestRecord> records = new ArrayList<>(ordered.size());
        Map<String, Long> requestsByHost = new TreeMap<>();
        for (double[] entry : dueAndIndex) {
            Sample sample = ordered.get((int) entry[1]);
            long latenessNanos = Math.max(0, Math.round((sample.startMillis() - entry[0]) * 1e6));
            long latencyNanos = sample.elapsedMillis() * 1_000_000 + latenessNanos;
            records.add(new RequestRecord(
                    0,
                    records.size(),
                    Math.round((entry[0] - first) * 1e6),
                    latencyNanos,
                    latenessNanos,
                    sample.outcome()));
            if (sample.outcome() == Outcome.OK) {
                ok.recordValue(Math.max(1, latencyNanos / 1000));
            }
            lastEnd = Math.max(lastEnd, sample.startMillis() + sample.elapsedMillis());
            requestsByHost.merge(sample.host(), 1L, Long::sum);
        }
        return new Read(
                new LoadResult(Math.round(first), Math.round((lastEnd - first) * 1e6), ok, records), requestsByHost);
    }

    private static List<Sample> samples(Path jtl) throws IOException {
        if (!Files.isRegularFile(jtl)) {
            throw new IOException("no sample log at " + jtl);
        }
        List<Sample> samples = new ArrayList<>();
        CSVFormat format = CSVFormat.DEFAULT
                .builder()
                .setHeader()
                .setSkipHeaderRecord(true)
                .get();
        try (Reader reader = Files.newBufferedReader(jtl, StandardCharsets.UTF_8);
                CSVParser parser = CSVParser.parse(reader, format)) {
            for (String column : List.of("timeStamp", "elapsed", "success", "responseCode", "threadName")) {
                if (!parser.getHeaderMap().containsKey(column)) {
                    throw new IOException(
                            jtl + " is not JMeter's CSV sample log with a header: it has no " + column
                                    + " column (save it with jmeter.save.saveservice.output_format=csv and print_field_names=true)");
                }
            }
            for (CSVRecord row : parser) {
                samples.add(Sample.of(row));
            }
        } catch (CharacterCodingException e) {
            throw notText(jtl);
        } catch (UncheckedIOException e) {
            // commons-csv reads records lazily and wraps what the reader raised
            throw e.getCause() instanceof CharacterCodingException
                    ? notText(jtl)
                    : new IOException(jtl + " is not a CSV sample log JMeter wrote: "
                            + e.getCause().getMessage());
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new IOException(jtl + " is not a CSV sample log JMeter wrote: " + e.getMessage(), e);
        }
        return samples;
    }

    private static IOException notText(Path jtl) {
        return new IOException(
                jtl + " is not a text file (bytes that are not UTF-8): not a CSV sample log JMeter wrote");
    }

    private record Sample(long startMillis, long elapsedMillis, Outcome outcome, String host, String thread) {

        static Sample of(CSVRecord row) throws IOException {
            try {
                String thread = row.get("threadName");
                Matcher remote = REMOTE_THREAD.matcher(thread);
                boolean fromAgent = remote.matches() && remote.group(1).contains(":");
                return new Sample(
                        Long.parseLong(row.get("timeStamp")),
                        Long.parseLong(row.get("elapsed")),
                        JmeterSampleLog.outcome(
                                Boolean.parseBoolean(row.get("success")),
                                row.get("responseCode"),
                                row.isMapped("failureMessage") ? row.get("failureMessage") : ""),
                        fromAgent ? remote.group(1) : THIS_HOST,
                        thread);
            } catch (NumberFormatException e) {
                throw new IOException("line " + row.getRecordNumber() + " of the sample log: " + e.getMessage(), e);
            }
        }
    }

    /**
     * JMeter's response code is the HTTP status, or for a request that got none the exception's name
     * ("Non HTTP response code: SocketTimeoutException"): mapped to the lab's failure kinds.
     */
    static Outcome outcome(boolean success, String responseCode, String failureMessage) {
        if (success) {
            return Outcome.OK;
        }
        if (responseCode.matches("\\d{3}")) {
            int status = Integer.parseInt(responseCode);
            return status >= 500 ? Outcome.HTTP_5XX : status >= 400 ? Outcome.HTTP_4XX : Outcome.OTHER_ERROR;
        }
        String reason = (responseCode + " " + failureMessage).toLowerCase(Locale.ROOT);
        if (reason.contains("timeout") || reason.contains("timed out")) {
            return Outcome.TIMEOUT;
        }
        if (reason.contains("connect")
                || reason.contains("reset")
                || reason.contains("nohttpresponse")
                || reason.contains("socketexception")
                || reason.contains("closed")) {
            return Outcome.CONNECTION_ERROR;
        }
        return Outcome.OTHER_ERROR;
    }

    private static Read records(List<Sample> samples) {
        if (samples.isEmpty()) {
            return new Read(new LoadResult(System.currentTimeMillis(), 0, new Histogram(3), List.of()), Map.of());
        }
        long first = samples.stream().mapToLong(Sample::startMillis).min().orElseThrow();
        long elapsedMillis = longestHostsOwnSpan(samples);
        List<Sample> inOrder = new ArrayList<>(samples);
        inOrder.sort(Comparator.comparingLong(Sample::startMillis));
        Map<String, Integer> users = new HashMap<>();
        Map<String, Integer> sequences = new HashMap<>();
        Map<String, Long> byHost = new TreeMap<>();
        Histogram ok = new Histogram(3);
        List<RequestRecord> records = new ArrayList<>(inOrder.size());
        for (Sample sample : inOrder) {
            int user = users.computeIfAbsent(sample.thread(), thread -> users.size());
            int sequence = sequences.merge(sample.thread(), 1, Integer::sum) - 1;
            long latencyNanos = sample.elapsedMillis() * 1_000_000;
            records.add(new RequestRecord(
                    user, sequence, (sample.startMillis() - first) * 1_000_000, latencyNanos, sample.outcome()));
            if (sample.outcome() == Outcome.OK) {
                // a sample under a millisecond is logged as 0; the histogram counts it as one microsecond
                ok.recordValue(Math.max(1, latencyNanos / 1000));
            }
            byHost.merge(sample.host(), 1L, Long::sum);
        }
        return new Read(new LoadResult(first, elapsedMillis * 1_000_000, ok, records), byHost);
    }

    /**
     * How long the load ran: each host's own span, from its first sample's start to its last answer on its own
     * clock, the longest of them. JMeter starts its remote engines one after another, and each host stamps its
     * samples with its own clock: a span from the earliest host's first start to the latest host's last answer
     * would count an engine's later start, or a clock's offset, as time the load took.
     */
    private static long longestHostsOwnSpan(List<Sample> samples) {
        Map<String, long[]> spans = new HashMap<>();
        for (Sample sample : samples) {
            long end = sample.startMillis() + sample.elapsedMillis();
            spans.merge(sample.host(), new long[] {sample.startMillis(), end}, (span, one) ->
                    new long[] {Math.min(span[0], one[0]), Math.max(span[1], one[1])});
        }
        return spans.values().stream()
                .mapToLong(span -> span[1] - span[0])
                .max()
                .orElseThrow();
    }
}
