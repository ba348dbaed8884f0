package org.concurrencylab.catalog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.concurrencylab.catalog.claim.MachineShape;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;

/**
 * A stored run judged again by this lab's catalog: each experiment's claims evaluated on the measurements the
 * run kept, beside the verdict the run gave then. Nothing is measured again and nothing is written: a claim's
 * rule may have changed since the run, its figures have not.
 */
public final class JudgedAgain {

    /**
     * One claim, then and now.
     *
     * @param then the verdict the run wrote, or empty where it wrote none (a newer claim, or an experiment the
     *             run stopped in)
     */
    public record Verdicts(Optional<String> then, ClaimResult now) {

        /** Whether today's verdict differs from the one the run wrote. */
        public boolean changed() {
            return then.map(status -> !status.equals(now.status())).orElse(true);
        }
    }

    /** An experiment of the run, its claims in the catalog's order. */
    public record JudgedExperiment(String name, String title, List<Verdicts> claims) {

        public long changed() {
            return claims.stream().filter(Verdicts::changed).count();
        }
    }

    /**
     * @param experiments the run's experiments this catalog declares
     * @param skipped     the run's other experiments (studies of an application, or experiments no longer
     *                    declared), which have no catalog claims to judge them by
     */
    public record Judged(List<JudgedExperiment> experiments, List<String> skipped) {}

    private JudgedAgain() {}

    public static Judged of(RunResult run) {
        List<JudgedExperiment> judged = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (ExperimentResult stored : run.experiments()) {
            Optional<Experiment> declared = Catalog.experiment(stored.name());
            if (declared.isEmpty()) {
                skipped.add(stored.name());
                continue;
            }
            Measurements measurements = Measurements.of(
                            declared.get(),
                            stored.variants(),
                            Duration.ofNanos(Math.round(stored.downstreamLatencyMillis() * 1e6)),
                            run.run().machineCpus())
                    .on(machineOf(run.run()));
            Map<String, String> then = stored.claims().stream()
                    .collect(Collectors.toMap(ClaimResult::id, ClaimResult::status, (first, second) -> first));
            List<Verdicts> claims = declared.get().claims().stream()
                    .map(claim -> claim.evaluate(measurements))
                    .map(now -> new Verdicts(Optional.ofNullable(then.get(now.id())), now))
                    .toList();
            judged.add(new JudgedExperiment(stored.name(), stored.title(), claims));
        }
        return new Judged(judged, skipped);
    }

    /** The machine the run measured on, as far as it recorded it. */
    private static MachineShape machineOf(RunInfo run) {
        return MachineShape.fitting(Math.max(1, run.machineCpus()), run.machineCores());
    }
}
