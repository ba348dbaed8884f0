package org.concurrencylab.runner.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.Outcome;
import org.concurrencylab.driver.RequestRecord;
import org.concurrencylab.probe.model.ProbeSample;
import org.concurrencylab.results.step.Timeline;
import org.concurrencylab.results.step.TimelinePoint;

/**
 * Cuts a step into bins of one article second (S real seconds): requests by the bin they were due
 * in (their latency) and by the bin they ended in (completions, failures), threads by the samples
 * the probe took in the bin.
 */
final class Timelines {

    private Timelines() {}

    static Timeline of(LoadResult load, List<ProbeSample> samples, Scaled scaled) {
        long binNanos = Math.max(1, scaled.articleSecond().toNanos());
        int bins = (int) Math.min(100_000, load.elapsedNanos() / binNanos + 1);
        List<Bin> series = new ArrayList<>(bins);
        for (int i = 0; i < bins; i++) {
            series.add(new Bin());
        }
        for (RequestRecord request : load.requests()) {
            Bin due = series.get(index(request.startNanos(), binNanos, bins));
            due.started++;
            if (request.outcome() == Outcome.OK) {
                due.latencyMicros.recordValue(Math.max(1, request.latencyNanos() / 1000));
            }
            Bin ended = series.get(index(request.startNanos() + request.latencyNanos(), binNanos, bins));
            if (request.outcome() == Outcome.OK) {
                ended.completed++;
            } else {
                ended.failed++;
            }
        }
        long binMillis = binNanos / 1_000_000;
        for (ProbeSample sample : samples) {
            long sinceStart = sample.epochMillis() - load.startEpochMillis();
            if (sinceStart < 0 || binMillis == 0) {
                continue;
            }
            Bin bin = series.get((int) Math.min(bins - 1, sinceStart / binMillis));
            sample.pools().forEach((pool, counts) -> bin.liveByPool.merge(pool, counts.live(), Math::max));
        }
        List<TimelinePoint> points = new ArrayList<>(bins);
        for (int i = 0; i < bins; i++) {
            points.add(series.get(i).point(i));
        }
        return new Timeline(binNanos / 1e6, points);
    }

    private static int index(long nanos, long binNanos, int bins) {
        return (int) Math.max(0, Math.min(bins - 1, nanos / binNanos));
    }

    private static final class Bin {
        long started;
        long completed;
        long failed;
        final Histogram latencyMicros = new Histogram(3);
        final Map<String, Integer> liveByPool = new TreeMap<>();

        TimelinePoint point(int index) {
            boolean any = latencyMicros.getTotalCount() > 0;
            return TimelinePoint.custom()
                    .atSeconds(index)
                    .started(started)
                    .completed(completed)
                    .failed(failed)
                    .latencyMillisP50(any ? latencyMicros.getValueAtPercentile(50) / 1000.0 : 0)
                    .latencyMillisP95(any ? latencyMicros.getValueAtPercentile(95) / 1000.0 : 0)
                    .latencyMillisMax(any ? latencyMicros.getMaxValue() / 1000.0 : 0)
                    .liveByPool(liveByPool)
                    .build();
        }
    }
}
