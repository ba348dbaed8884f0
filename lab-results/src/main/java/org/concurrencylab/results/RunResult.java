package org.concurrencylab.results;

import java.util.List;
import org.concurrencylab.results.sweep.SweepResult;

/**
 * Everything one {@code ./lab run} or {@code ./lab sweep} measured: the file results.json. See docs/results-schema.md.
 *
 * @param sweeps the curves a {@code ./lab sweep} drew from the experiments' steps; empty for a run
 */
public record RunResult(RunInfo run, List<ExperimentResult> experiments, List<SweepResult> sweeps) {

    public RunResult {
        sweeps = sweeps == null ? List.of() : List.copyOf(sweeps);
    }

    /** A run's results: experiments only, no sweep. */
    public RunResult(RunInfo run, List<ExperimentResult> experiments) {
        this(run, experiments, List.of());
    }
}
