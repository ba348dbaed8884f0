package org.concurrencylab.jmeter;

import static java.lang.String.format;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.ImportedRun;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.runner.measure.ImportedStep;

/**
 * A sample log of a JMeter run of an exported plan, as one step of the lab's results: every sample a
 * per-request record, so the latency percentiles, the time charts and the request log are the lab's own,
 * where Hyperfoil's import has totals only. The services ran elsewhere: no threads, CPU or pools.
 */
public final class JmeterImport {

    private JmeterImport() {}

    /**
     * The closed step a sample log holds when the lab's plan drove it: as many users as threads, each
     * with as many requests as the busiest thread sent. Empty when that is not one of the experiment's steps.
     */
    public static Optional<LoadStep> closedStepOf(Experiment experiment, JmeterSampleLog.Read read) {
        long users = read.load().requests().stream()
                .mapToInt(request -> request.user())
                .distinct()
                .count();
        int repetitions = read.load().requests().stream()
                .mapToInt(request -> request.sequence() + 1)
                .max()
                .orElse(0);
        return experiment.steps().stream()
                .filter(step -> step instanceof LoadStep.Closed closed
                        && closed.users() == users
                        && closed.repetitions() == repetitions)
                .findFirst();
    }

    public static RunResult of(
            JmeterSampleLog.Read read,
            Experiment experiment,
            Variant variant,
            LoadStep step,
            RunSettings settings,
            Path directory) {
        StepResult result =
                ImportedStep.of(experiment, variant, step, settings, read.load(), JmeterRemoteLoad.ENGINE, directory);
        List<String> findings = new ArrayList<>();
        findings.add(format(
                Locale.ROOT,
                "JMeter drove %s on %s: %d samples over %.2f s at S = %s, from %s, its sample log "
                        + "imported by the lab, every sample a record. The services ran elsewhere, so their threads, CPU "
                        + "and pools are not in this result, and the claims that need them are not applicable.",
                step.label(),
                variant.name(),
                read.load().sent(),
                read.load().elapsedSeconds(),
                settings.scaled().scale(),
                read.requestsByHost().keySet().equals(Set.of(JmeterSampleLog.THIS_HOST))
                        ? "one JMeter"
                        : "the hosts " + read.requestsByHost()));
        findings.add(
                "JMeter logs whole milliseconds: each latency is known to 1 ms, where the lab's own driver records "
                        + "microseconds.");
        if (step instanceof LoadStep.Open) {
            findings.add(
                    "JMeter logs when each request actually went out: the lab rebuilt each due time from the plan's even "
                            + "arrivals, and timed each request from it, a late send's wait included.");
        }
        if (step.totalRequests() != read.load().sent()) {
            findings.add(format(
                    Locale.ROOT,
                    "The log holds %d samples where %s sends %d: a run cut short, or a plan changed " + "after export.",
                    read.load().sent(),
                    step.label(),
                    step.totalRequests()));
        }
        return ImportedRun.of(
                experiment,
                variant,
                settings,
                result,
                "JMeter",
                findings,
                directory.getFileName().toString());
    }
}
