package org.concurrencylab.runner.study;

import java.time.Duration;
import java.util.List;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.study.Study;

/**
 * The time one fork of a study's variant may take, start-up included ({@link Study#budget()}), from the moment it
 * started: no step starts that would overrun it, and a step measured again never takes a later step's place.
 *
 * @param startNanos when the fork started, by {@link System#nanoTime()}
 */
record StudyBudget(Study study, long startNanos) {

    /** A budget from now. */
    static StudyBudget fromNow(Study study) {
        return new StudyBudget(study, System.nanoTime());
    }

    /** Whether the step, and the quiet after it, still fit. */
    boolean fits(LoadStep step) {
        return fitsAgain(step, List.of(), Duration.ZERO);
    }

    /**
     * Whether {@code step} can be measured again, after a {@code wait} for the cores' usual speed, and every step
     * {@code after} it still run.
     */
    boolean fitsAgain(LoadStep step, List<LoadStep> after, Duration wait) {
        Duration needed = wait.plus(StudyLoads.length(step)).plus(MachineCpu.QUIET);
        for (LoadStep next : after) {
            needed = needed.plus(StudyLoads.length(next)).plus(MachineCpu.QUIET);
        }
        Duration spent = Duration.ofNanos(System.nanoTime() - startNanos);
        return spent.plus(needed).compareTo(study.budget()) <= 0;
    }

    /** The steps a fork runs after {@code step}: those after it in order, of {@code only} where it names them. */
    List<LoadStep> stepsAfter(LoadStep step, List<String> only) {
        List<LoadStep> all = study.steps();
        return all.subList(all.indexOf(step) + 1, all.size()).stream()
                .filter(next -> only == null || only.contains(next.label()))
                .toList();
    }
}
