package org.concurrencylab.report.section;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;

/** What an experiment's database did in each step, a line per step, from its own views. */
public final class DatabaseSessions {

    private DatabaseSessions() {}

    /** The database's sessions waiting on locks, a line per step that has a database. */
    public static List<String> lines(ExperimentResult experiment) {
        List<String> lines = new ArrayList<>();
        for (VariantResult variant : experiment.variants()) {
            for (StepResult step : variant.steps()) {
                if (step.service().database() != null) {
                    lines.add(format(
                            Locale.ROOT,
                            "%s, %s: %.1f sessions waiting on a lock on average, %d at most; "
                                    + "%d connected at most; %.0f commits/s, %d rolled back",
                            variant.name(),
                            step.load(),
                            step.service().database().meanWaitingOnLocks(),
                            step.service().database().peakWaitingOnLocks(),
                            step.service().database().peakOpenSessions(),
                            step.service().database().commitsPerSecond(),
                            step.service().database().rollbacks()));
                }
            }
        }
        return lines;
    }
}
