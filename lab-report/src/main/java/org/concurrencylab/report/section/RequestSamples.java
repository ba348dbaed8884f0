package org.concurrencylab.report.section;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.results.step.StepResult;

/**
 * A step's requests, read back from the CSV the run wrote beside results.json, for the report's
 * per-request scatter and percentile plot. The scatter is thinned to at most {@link #MAX_POINTS}
 * points (failures first, up to half of them, then every n-th answer), so that a run of the whole
 * catalog stays one page of a few megabytes; the percentiles come from every answer.
 */
public final class RequestSamples {

    static final int MAX_POINTS = 800;

    /**
     * @param answered    {due (article seconds), latency (ms)} of the answers kept
     * @param failed      the same of the failures kept
     * @param percentiles {percentile, latency ms} of every answer, as HdrHistogram iterates them
     */
    public record Step(List<double[]> answered, List<double[]> failed, List<double[]> percentiles, int requests) {}

    private RequestSamples() {}

    /** The step's requests, or empty where its CSV is not beside the results (a hand-made or imported run). */
    public static Optional<Step> read(Path runDirectory, StepResult step, Scaled scaled) {
        if (runDirectory == null || step.client().requestLog() == null) {
            return Optional.empty();
        }
        Path csv = runDirectory.resolve(step.client().requestLog());
        if (!Files.isRegularFile(csv)) {
            return Optional.empty();
        }
        List<double[]> answered = new ArrayList<>();
        List<double[]> failed = new ArrayList<>();
        Histogram micros = new Histogram(3);
        try (BufferedReader in = Files.newBufferedReader(csv)) {
            in.readLine();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] cells = line.split(",");
                if (cells.length < 6) {
                    continue;
                }
                double due = scaled.articleMillis(Double.parseDouble(cells[2])) / 1000;
                double millis = Double.parseDouble(cells[3]);
                if ("OK".equals(cells[5])) {
                    answered.add(new double[] {due, millis});
                    micros.recordValue(Math.max(1, Math.round(millis * 1000)));
                } else {
                    failed.add(new double[] {due, millis});
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
        int requests = answered.size() + failed.size();
        List<double[]> keptFailed = thin(failed, MAX_POINTS / 2);
        return Optional.of(
                new Step(thin(answered, MAX_POINTS - keptFailed.size()), keptFailed, percentiles(micros), requests));
    }

    private static List<double[]> thin(List<double[]> points, int most) {
        if (points.size() <= most) {
            return points;
        }
        List<double[]> kept = new ArrayList<>(most);
        double stride = (double) points.size() / most;
        for (int i = 0; i < most; i++) {
            kept.add(points.get((int) (i * stride)));
        }
        return kept;
    }

    /** Five points per halving of the distance to 100 %, as HdrHistogram's own percentile output. */
    private static List<double[]> percentiles(Histogram micros) {
        List<double[]> points = new ArrayList<>();
        if (micros.getTotalCount() == 0) {
            return points;
        }
        for (HistogramIterationValue value : micros.percentiles(5)) {
            double percentile = value.getPercentileLevelIteratedTo();
            if (percentile < 100) {
                points.add(
                        new double[] {percentile, micros.highestEquivalentValue(value.getValueIteratedTo()) / 1000.0});
            }
        }
        return points;
    }
}
