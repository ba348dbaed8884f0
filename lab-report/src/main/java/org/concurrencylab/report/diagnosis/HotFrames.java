package org.concurrencylab.report.diagnosis;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.ServiceProfile;
import org.concurrencylab.results.step.StepResult;

/**
 * Where each variant's service spent its CPU, a line per step, from the probe's sampling profiler:
 * what a profiler's flame graph would show as its widest frames below the servlet container.
 */
public final class HotFrames {

    /** Fewer on-CPU stacks than this say little: a step that barely computed. */
    static final int ENOUGH_STACKS = 30;

    private static final int SHOWN = 5;

    private HotFrames() {}

    public static List<String> lines(ExperimentResult experiment) {
        List<String> lines = new ArrayList<>();
        for (VariantResult variant : experiment.variants()) {
            for (StepResult step : variant.steps()) {
                ServiceProfile profile = step.service().profile();
                if (profile == null || profile.stacks() < ENOUGH_STACKS) {
                    continue;
                }
                List<String> self = profile.hottestSelf(SHOWN).stream()
                        .map(frame -> format(Locale.ROOT, "%.0f %% %s", 100 * frame.share(), shortName(frame.method())))
                        .toList();
                List<String> widest = profile.widest(3).stream()
                        .map(frame -> format(Locale.ROOT, "%.0f %% %s", 100 * frame.share(), shortName(frame.method())))
                        .toList();
                lines.add(format(
                        Locale.ROOT,
                        "%s, %s (%d on-CPU stacks): self %s; widest %s",
                        variant.name(),
                        step.load(),
                        profile.stacks(),
                        self.isEmpty() ? "none in 1 %" : String.join(", ", self),
                        widest.isEmpty() ? "none in 1 %" : String.join(", ", widest)));
            }
        }
        return lines;
    }

    /** {@code ContentVersionStrategy.getResourceVersion} as {@code ContentVersionStrategy.getResourceVersion}. */
    static String shortName(String method) {
        int dot = method.lastIndexOf('.');
        int classStart = dot < 0 ? -1 : method.lastIndexOf('.', dot - 1);
        return classStart < 0 ? method : method.substring(classStart + 1);
    }
}
