package org.concurrencylab.report.section;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;

/**
 * Steps measured while the service's JIT was still compiling. Such a step measured warm-up rather
 * than the steady state the articles describe: its requests ran partly in slower code, and the
 * compiler took CPU from them. A tenth of a core is where that starts to show in the figures on a
 * small machine (at D = 150 ms a request then costs a few milliseconds more).
 */
public final class JitActivity {

    static final double BUSY_ABOVE = Defaults.JIT_BUSY_SHARE_OF_A_CORE;

    /** One step and the share of a core its JIT took. */
    record BusyStep(String variant, String load, double shareOfACore) {}

    private JitActivity() {}

    static List<BusyStep> busySteps(ExperimentResult experiment) {
        List<BusyStep> busy = new ArrayList<>();
        for (VariantResult variant : experiment.variants()) {
            for (StepResult step : variant.steps()) {
                if (busy(step)) {
                    busy.add(new BusyStep(
                            variant.name(), step.load(), share(step).getAsDouble()));
                }
            }
        }
        return busy;
    }

    static boolean busy(StepResult step) {
        return share(step).orElse(0) > BUSY_ABOVE;
    }

    /** The sentence naming the experiment's busy steps, if it had any. */
    public static Optional<String> sentence(ExperimentResult experiment) {
        List<BusyStep> busy = busySteps(experiment);
        return busy.isEmpty() ? Optional.empty() : Optional.of(sentence(busy));
    }

    /** The JIT's share of a core in the step; empty where the JVM did not tell. */
    static OptionalDouble share(StepResult step) {
        return step.service().process() == null
                ? OptionalDouble.empty()
                : step.service().process().jitShareOfACore(step.client().elapsedSeconds());
    }

    /** "12 %", or "-" when the JVM did not tell. */
    static String percent(StepResult step) {
        OptionalDouble share = share(step);
        return share.isEmpty() ? "-" : format(Locale.ROOT, "%.0f %%", 100 * share.getAsDouble());
    }

    static String sentence(List<BusyStep> busy) {
        return "The services' JIT compilers were still busy (more than " + Math.round(100 * BUSY_ABOVE)
                + " % of a core) during these steps, so their latency includes warm-up; a longer --warm-up steadies them: "
                + String.join(
                        ", ",
                        busy.stream()
                                .map(step -> format(
                                        Locale.ROOT,
                                        "%s %s (%.0f %%)",
                                        step.variant(),
                                        step.load(),
                                        100 * step.shareOfACore()))
                                .toList())
                + ".";
    }
}
