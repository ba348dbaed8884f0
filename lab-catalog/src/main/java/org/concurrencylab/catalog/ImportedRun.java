package org.concurrencylab.catalog;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.WarmUpLoad;

/**
 * One step another load tool drove, its services elsewhere, as a run of the lab's: one experiment, one
 * variant, one step, the experiment's claims checked on it (those that need what only the lab's probe
 * measures are not applicable), so that {@code ./lab report} and {@code ./lab compare} read it.
 */
public final class ImportedRun {

    private ImportedRun() {}

    /**
     * @param engine    the tool that drove it, as the platform line names it
     * @param findings  what the import has to say about its own figures
     */
    public static RunResult of(
            Experiment experiment,
            Variant variant,
            RunSettings settings,
            StepResult step,
            String engine,
            List<String> findings,
            String runId) {
        Duration serviceTime = settings.scaled().of(experiment.downstreamLatency());
        double dMillis = serviceTime.toNanos() / 1e6;
        VariantResult result = VariantResult.custom(variant.name())
                .summary(variant.summary())
                .origin(variant.origin().label())
                .cpus(settings.cpus())
                .properties(variant.properties())
                .steps(List.of(step))
                .build();
        Measurements measurements = Measurements.of(
                experiment, List.of(result), serviceTime, Runtime.getRuntime().availableProcessors());
        List<ClaimResult> claims = experiment.claims().stream()
                .map(claim -> claim.evaluate(measurements))
                .toList();
        ExperimentResult experimentResult = ExperimentResult.custom(experiment.name(), experiment.title())
                .seed(experiment.seedFile())
                .scale(settings.scaled().scale())
                .downstreamLatencyMillis(dMillis)
                .warmUp(new WarmUpLoad(
                        experiment.warmUp().users(), experiment.warmUp().lengthInD()))
                .variants(List.of(result))
                .claims(claims)
                .findings(findings)
                .build();
        String now = Instant.now().toString();
        RunInfo info = RunInfo.custom(runId)
                .scale(settings.scaled().scale())
                .machineCpus(Runtime.getRuntime().availableProcessors())
                .platform("unknown (" + engine + " drove the load; the services ran elsewhere)", "unknown", "unknown")
                .planned(List.of(experiment.name()), now)
                .finishedAt(now)
                .build();
        return new RunResult(info, List.of(experimentResult));
    }
}
