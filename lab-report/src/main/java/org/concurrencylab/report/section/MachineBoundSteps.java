package org.concurrencylab.report.section;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.report.document.Figures;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.CoreSpeed;

/**
 * Steps whose figures this machine decided rather than the system: its CPU, by the lab's model, took
 * more than a small share of the bound, the service's JIT was still compiling, or the host ran the cores slow. Claims decided on
 * them say so; the report names them once per experiment.
 */
public final class MachineBoundSteps {

    /** Below this the meter's own spread: 95 of 100 steps of three benches here read 1.05 or less. */
    private static final double SHOWN_SLOWDOWN = 1.10;

    private MachineBoundSteps() {}

    public static Optional<String> sentence(ExperimentResult experiment) {
        List<String> steps = new ArrayList<>();
        for (VariantResult variant : experiment.variants()) {
            for (StepResult step : variant.steps()) {
                if (step.machineBound()) {
                    steps.add(variant.name() + " " + step.load() + " ("
                            + step.machine().why() + ")");
                }
            }
        }
        return steps.isEmpty()
                ? Optional.empty()
                : Optional.of("Machine-bound steps, whose figures say as much about this "
                        + "machine as about the system (a claim that fails on one is not decided): "
                        + String.join("; ", steps) + ".");
    }

    /** The bound with this machine's CPU, or "-" where the CPU is the subject or was not measured. */
    static String cpuBound(StepResult step) {
        return step.machine() == null || step.machine().cpuBoundPerSecond().isEmpty()
                ? "-"
                : Figures.number(step.machine().cpuBoundPerSecond().getAsDouble());
    }

    static String cpuPerRequest(StepResult step) {
        if (step.machine() == null) {
            return "-";
        }
        String c = format(Locale.ROOT, "%.2f", step.machine().cpuMillisPerRequest());
        return step.machine().cpuMillisPerRequestInterval() == null
                ? c
                : c + " "
                        + Figures.plusOrMinus(
                                step.machine().cpuMillisPerRequestInterval(),
                                step.machine().cpuMillisPerRequest());
    }

    /**
     * {@code clean} or {@code machine}, and how slow the host ran the cores where they were notably slower than
     * their usual speed in the run, over enough of the meter's samples to tell (a 0.5 s step of five read 1.15).
     */
    static String verdict(StepResult step) {
        if (step.machine() == null) {
            return "-";
        }
        String verdict = step.machineBound() ? "machine" : "clean";
        CoreSpeed speed = step.machine().coreSpeed();
        return speed == null || speed.samples() < Defaults.CORES_SLOWED_SAMPLES || speed.slowdown() < SHOWN_SLOWDOWN
                ? verdict
                : format(Locale.ROOT, "%s, cores x%.2f", verdict, speed.slowdown());
    }
}
