package org.concurrencylab.report;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.VariantResult;

/**
 * Steps whose figures this machine decided rather than the system: its CPU, by the lab's model, took
 * more than a small share of the bound, or the service's JIT was still compiling. Claims decided on
 * them say so; the report names them once per experiment.
 */
final class MachineBoundSteps {

    private MachineBoundSteps() {
    }

    static Optional<String> sentence(ExperimentResult experiment) {
        List<String> steps = new ArrayList<>();
        for (VariantResult variant : experiment.variants()) {
            for (StepResult step : variant.steps()) {
                if (step.machineBound()) {
                    steps.add(variant.name() + " " + step.load() + " (" + step.machine().why() + ")");
                }
            }
        }
        return steps.isEmpty() ? Optional.empty() : Optional.of("Machine-bound steps, whose figures say as much about this "
                + "machine as about the system (a claim that fails on one is not decided): " + String.join("; ", steps) + ".");
    }

    /** The bound with this machine's CPU, or "-" where the CPU is the subject or was not measured. */
    static String cpuBound(StepResult step) {
        return step.machine() == null || step.machine().cpuBoundPerSecond() < 0 ? "-"
                : StepTables.number(step.machine().cpuBoundPerSecond());
    }

    static String cpuPerRequest(StepResult step) {
        return step.machine() == null ? "-" : format(Locale.ROOT, "%.2f", step.machine().cpuMillisPerRequest());
    }

    static String verdict(StepResult step) {
        return step.machine() == null ? "-" : step.machineBound() ? "machine" : "clean";
    }
}
