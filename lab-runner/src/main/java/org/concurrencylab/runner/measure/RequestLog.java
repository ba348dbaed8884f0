package org.concurrencylab.runner.measure;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.Outcome;
import org.concurrencylab.driver.RequestRecord;
import org.concurrencylab.results.AtomicFiles;

/**
 * Writes every request of a step, for time charts and for the tools latency people already use: the
 * CSV (one line per request, in the order they were due), an HdrHistogram interval log ({@code .hlog},
 * one interval per article second of due time, microseconds) and its percentile distribution
 * ({@code .hgrm}, milliseconds), both of the successful requests' latencies, the ones the report uses.
 */
public final class RequestLog {

    static final String HEADER = "user,sequence,start_ms,latency_ms,late_ms,outcome";

    private RequestLog() {}

    /**
     * @param csv the CSV's path; the histogram files go beside it, with the same name
     * @throws WriteFailed when a file cannot be written whole; none is left half written
     */
    /** Where a step's request log goes, relative to the results directory. */
    public static String pathOf(Experiment experiment, Variant variant, LoadStep step) {
        return "requests/" + experiment.name() + "/" + variant.name() + "/" + step.fileName() + ".csv";
    }

    public static void write(LoadResult load, Path csv, Duration articleSecond) {
        AtomicFiles.write(csv, stream -> {
            BufferedWriter out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8));
            out.write(HEADER);
            out.newLine();
            for (RequestRecord request : load.requests()) {
                out.write(String.format(
                        Locale.ROOT,
                        "%d,%d,%.3f,%.3f,%.3f,%s",
                        request.user(),
                        request.sequence(),
                        request.startNanos() / 1e6,
                        request.latencyNanos() / 1e6,
                        request.latenessNanos() / 1e6,
                        request.outcome()));
                out.newLine();
            }
            out.flush();
        });
        String base = csv.getFileName().toString().replaceFirst("\\.csv$", "");
        writeIntervalLog(load, csv.resolveSibling(base + ".hlog"), articleSecond);
        AtomicFiles.write(csv.resolveSibling(base + ".hgrm"), stream -> {
            PrintStream out = new PrintStream(stream, false, StandardCharsets.UTF_8);
            // recorded in microseconds, shown in milliseconds as HdrHistogram's plotter expects
            load.okLatencyMicros().outputPercentileDistribution(out, 1000.0);
            checked(out);
        });
    }

    /** A PrintStream keeps its I/O errors to itself; a full disk must not pass for a written file. */
    private static void checked(PrintStream out) throws IOException {
        if (out.checkError()) {
            throw new IOException("the write failed");
        }
    }

    private static void writeIntervalLog(LoadResult load, Path file, Duration articleSecond) {
        long binNanos = Math.max(1, articleSecond.toNanos());
        TreeMap<Long, Histogram> bins = new TreeMap<>();
        for (RequestRecord request : load.requests()) {
            if (request.outcome() == Outcome.OK) {
                bins.computeIfAbsent(request.startNanos() / binNanos, any -> new Histogram(3))
                        .recordValue(Math.max(1, request.latencyNanos() / 1000));
            }
        }
        AtomicFiles.write(file, stream -> {
            PrintStream out = new PrintStream(stream, false, StandardCharsets.UTF_8);
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment(
                    "latency of successful requests in microseconds, one interval per article second of due time");
            writer.outputLogFormatVersion();
            writer.outputStartTime(load.startEpochMillis());
            writer.setBaseTime(load.startEpochMillis());
            writer.outputLegend();
            bins.forEach((bin, histogram) -> {
                long start = load.startEpochMillis() + bin * binNanos / 1_000_000;
                histogram.setStartTimeStamp(start);
                histogram.setEndTimeStamp(start + binNanos / 1_000_000);
                writer.outputIntervalHistogram(histogram);
            });
            checked(out);
        });
    }
}
