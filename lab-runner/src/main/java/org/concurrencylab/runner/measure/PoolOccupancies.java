package org.concurrencylab.runner.measure;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.concurrencylab.probe.model.PoolGauge;
import org.concurrencylab.probe.model.ProbeSample;
import org.concurrencylab.results.usage.PoolOccupancy;

/** A step's samples of the pools' own gauges, summed up per pool. */
final class PoolOccupancies {

    private PoolOccupancies() {}

    static Map<String, PoolOccupancy> of(List<ProbeSample> samples) {
        Map<String, PoolOccupancy> pools = new TreeMap<>();
        samples.stream()
                .flatMap(sample -> sample.gauges().keySet().stream())
                .distinct()
                .forEach(pool -> {
                    List<PoolGauge> gauges = samples.stream()
                            .map(sample -> sample.gauges().get(pool))
                            .filter(Objects::nonNull)
                            .toList();
                    PoolGauge last = gauges.getLast();
                    double meanBusy =
                            gauges.stream().mapToInt(PoolGauge::busy).average().orElse(0);
                    int peakBusy =
                            gauges.stream().mapToInt(PoolGauge::busy).max().orElse(0);
                    double fullShare = gauges.stream()
                                    .filter(gauge -> gauge.busy() >= gauge.max())
                                    .count()
                            / (double) gauges.size();
                    Double meanWaiting = gauges.stream().allMatch(gauge -> gauge.waiting() != null)
                            ? gauges.stream()
                                    .mapToInt(PoolGauge::waiting)
                                    .average()
                                    .orElse(0)
                            : null;
                    pools.put(
                            pool,
                            new PoolOccupancy(
                                    last.kind(),
                                    last.max(),
                                    meanBusy,
                                    peakBusy,
                                    fullShare,
                                    meanWaiting,
                                    gauges.size()));
                });
        return pools;
    }
}
