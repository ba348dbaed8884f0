package org.concurrencylab.runner.measure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.catalog.model.CapacityModel;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.results.Sizing;
import org.concurrencylab.results.step.StepResult;

/**
 * A step another engine drove against services the lab did not start, from its per-request records: the
 * client's figures, the time charts and the request log (.csv, .hlog) as the lab's own driver gives them,
 * and none of what the probe measures in a service (threads, CPU, pools).
 */
public final class ImportedStep {

    private ImportedStep() {}

    /** @param resultsDirectory where the request log goes, under requests/, as a run's */
    public static StepResult of(
            Experiment experiment,
            Variant variant,
            LoadStep step,
            RunSettings settings,
            LoadResult load,
            String engine,
            Path resultsDirectory) {
        String requestLog = RequestLog.pathOf(experiment, variant, step);
        Scaled scaled = settings.scaled();
        Duration timeout = scaled.of(experiment.requestTimeout());
        RequestLog.write(load, resultsDirectory.resolve(requestLog), scaled.articleSecond());
        CapacityModel.Bound bound = variant.capacity()
                .bound(step, settings.connections(), experiment.downstreamLatency(), Sizing.NONE, settings.cpus());
        return StepResult.custom(step.label())
                .plan(scaled.plan(step, timeout, settings.connections()).drivenBy(engine))
                .client(
                        StepResults.requests(load),
                        load.throughputPerSecond(),
                        StepResults.latency(load.okLatencyMicros()),
                        load.elapsedSeconds(),
                        load.meanInFlight())
                .littlesLaw(
                        scaled.rate(bound.throughputPerSecond()),
                        bound.explanation(),
                        scaled.rate(bound.throughputPerSecond()))
                .timeline(Timelines.of(load, List.of(), scaled))
                .seed(variant.seed().get(step.label()))
                .requestLog(requestLog)
                .build();
    }
}
