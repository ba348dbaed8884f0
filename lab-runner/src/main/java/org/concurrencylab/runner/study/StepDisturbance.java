package org.concurrencylab.runner.study;

import static java.lang.String.format;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.BeyondLimit;
import org.concurrencylab.results.usage.MachineUsage;

/**
 * What besides the application moved a study's measurement, in words: its JIT compilers at work, or a host that ran
 * the cores slow. A study measures such a step again, up to {@link Defaults#STUDY_STEP_MEASUREMENTS} times in all, and
 * says what moved each measurement.
 */
final class StepDisturbance {

    /** What {@link #measuredAgain} says of a measurement nothing but the application moved. */
    static final String UNDISTURBED = "nothing but the application moved it";

    private static final List<String> NTH = List.of("first", "second", "third", "fourth", "fifth");

    private StepDisturbance() {}

    /**
     * What besides the application moved a step's figures; empty where nothing did. A step measured while the JIT
     * compilers took more than {@link Defaults#JIT_BUSY_SHARE_OF_A_CORE} of a core reads the compiler as much as the
     * application, and one whose host ran the cores more than {@link Defaults#CORES_SLOWED} times slower than usual
     * reads the other tenant.
     */
    static Optional<String> of(StepResult step) {
        Optional<String> jit = jitBusy(jitCoreShare(step));
        if (jit.isPresent()) {
            return jit;
        }
        MachineUsage machine = step.machine();
        if (machine != null && machine.coresSlowed() && machine.coreSpeed() != null) {
            return Optional.of(format(
                    Locale.ROOT,
                    "the host ran the cores %s times slower than usual (at most %.2f)",
                    BeyondLimit.figure(machine.coreSpeed().slowdown(), Defaults.CORES_SLOWED, 2),
                    Defaults.CORES_SLOWED));
        }
        return Optional.empty();
    }

    /** The JIT as what moved a measurement, in words, where it took more of a core than a measurement allows. */
    static Optional<String> jitBusy(double shareOfACore) {
        return shareOfACore > Defaults.JIT_BUSY_SHARE_OF_A_CORE
                ? Optional.of(format(
                        Locale.ROOT,
                        "the JIT took %s %% of a core (at most %.0f %%)",
                        BeyondLimit.figure(100 * shareOfACore, 100 * Defaults.JIT_BUSY_SHARE_OF_A_CORE, 0),
                        100 * Defaults.JIT_BUSY_SHARE_OF_A_CORE))
                : Optional.empty();
    }

    /** Whether the host ran the cores slow during the step, by the core-speed meter. */
    static boolean slowedCores(StepResult step) {
        return step.machine() != null && step.machine().coresSlowed();
    }

    /**
     * The finding of a step measured more than once: what moved each measurement, in order, the last one the
     * step's figures.
     */
    static String measuredAgain(String who, String step, List<String> disturbances) {
        StringBuilder each = new StringBuilder();
        for (int i = 0; i < disturbances.size(); i++) {
            String nth = i < NTH.size() ? NTH.get(i) : (i + 1) + "th";
            each.append(i == 0 ? "" : "; ")
                    .append(disturbances.get(i))
                    .append(" the ")
                    .append(nth)
                    .append(i == 0 ? " time" : "");
        }
        String times = disturbances.size() == 2 ? "again" : disturbances.size() + " times";
        return format(Locale.ROOT, "%s measured %s %s: %s.", who, step, times, each);
    }

    /** The share of a core the service's JIT compilers took during a step; 0 where not measured. */
    private static double jitCoreShare(StepResult step) {
        return step.service().process() == null
                ? 0
                : Math.max(
                        0,
                        step.service()
                                .process()
                                .jitShareOfACore(step.client().elapsedSeconds())
                                .orElse(0));
    }
}
