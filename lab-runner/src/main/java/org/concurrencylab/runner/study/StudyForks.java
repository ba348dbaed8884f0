package org.concurrencylab.runner.study;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.runner.measure.PhaseClock;
import org.concurrencylab.runner.process.CoreConfinement;

/**
 * Every fork of every variant of a study, interleaved (a1 b1 a2 b2 ...), so that a drift of the host falls on every
 * variant alike. The first fork of each runs the study's steps as its rule stops them; the later ones run the same
 * steps, so that every step has all its forks. A variant whose first fork did not start is not forked again.
 */
final class StudyForks {

    private StudyForks() {}

    /**
     * Each variant's forks, by its name, in the order they ran.
     *
     * @param confined the variant held to fewer cores, where the study tests its projection
     * @param only     the one step each fork runs; null for the study's steps
     */
    static Map<String, List<VariantResult>> run(
            StudyRun run, List<Variant> order, Optional<CapacityTrials.Confined> confined, String only)
            throws IOException, InterruptedException {
        Map<String, List<VariantResult>> forks = new LinkedHashMap<>();
        Map<String, List<String>> firstForkSteps = new LinkedHashMap<>();
        int count = run.study().forks();
        int runs = count * order.size();
        int index = 0;
        for (int fork = 1; fork <= count; fork++) {
            for (Variant variant : order) {
                index++;
                List<VariantResult> ran = forks.computeIfAbsent(variant.name(), name -> new ArrayList<>());
                if (fork > 1 && didNotStart(ran.getFirst())) {
                    continue;
                }
                Fork which = new Fork(fork, count);
                run.progress().variantStarted(run.study().name(), which.label(variant.name()), index, runs);
                CoreConfinement confinement = confined.filter(held -> held.variant() == variant)
                        .map(CapacityTrials.Confined::confinement)
                        .orElse(null);
                List<String> toRun = only != null ? List.of(only) : firstForkSteps.get(variant.name());
                VariantResult result;
                if (confinement != null) {
                    try (CoreConfinement held = confinement.again()) {
                        result = new ForkRun(variant, which, held, toRun).run(run);
                    }
                } else {
                    result = new ForkRun(variant, which, null, toRun).run(run);
                }
                run.phases().enter(null, PhaseClock.Phase.RESULTS);
                run.progress().variantFinished(result);
                ran.add(result);
                if (fork == 1) {
                    firstForkSteps.put(
                            variant.name(),
                            result.steps().stream().map(StepResult::load).toList());
                }
            }
        }
        return forks;
    }

    /** Whether a variant's run ended before its application answered. */
    static boolean didNotStart(VariantResult result) {
        return result.failure() != null && result.failure().startsWith(ForkRun.DID_NOT_START);
    }
}
