package org.concurrencylab.results;

import java.util.List;

/** Everything one {@code ./lab run} measured: the file results.json. See docs/results-schema.md. */
public record RunResult(RunInfo run, List<ExperimentResult> experiments) {
}
