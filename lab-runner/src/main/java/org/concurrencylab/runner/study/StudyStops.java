package org.concurrencylab.runner.study;

import static java.lang.String.format;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.concurrencylab.capacity.ServiceCapacityModel;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.results.capacity.PoolLimits;
import org.concurrencylab.results.step.StepResult;

/** Why a study's rise of users ends at a step: what in the step says a heavier one would teach nothing more. */
public final class StudyStops {

    /** The machine's cores this busy or more: its CPU, not the application's pools, sets the pace. */
    private static final double BUSY_CORES = ServiceCapacityModel.BUSY_CORES;

    /**
     * Throughput below this share of what the step's users allow alone: its requests queued somewhere. The capacity
     * model's own share, so that a step the model cannot yet tell a limit for does not end the rise.
     */
    private static final double QUEUED = ServiceCapacityModel.EXPLAINED;

    private StudyStops() {}

    /** Why the next, heavier step would teach nothing more, if it would not. */
    public static Optional<String> stopReason(StepResult step) {
        double failedShare = step.client().requests().sent() == 0
                ? 0
                : step.client().requests().failed()
                        / (double) step.client().requests().sent();
        if (failedShare > Defaults.STUDY_FAILED_SHARE) {
            return Optional.of(format(Locale.ROOT, "%.1f %% of its requests failed", 100 * failedShare));
        }
        Optional<String> pool = PoolLimits.holdingBack(step);
        if (pool.isPresent()) {
            return Optional.of(pool.get() + " held the load back");
        }
        if (step.machine() != null
                && step.machine().idleShare().isPresent()
                && step.machine().idleShare().getAsDouble() <= 1 - BUSY_CORES) {
            return Optional.of(format(
                    Locale.ROOT,
                    "this machine's cores were %.0f %% busy",
                    100 * (1 - step.machine().idleShare().getAsDouble())));
        }
        // a pool that counts nothing over JMX (Reactor's schedulers, an application's executor) still makes a queue;
        // one user's requests go one at a time and none waits behind another: its shortfall is not a queue
        if (step.usersAtOnce() > 1
                && step.bound().littlesLawPerSecond() > 0
                && step.client().throughputPerSecond() < QUEUED * step.bound().littlesLawPerSecond()) {
            return Optional.of(format(
                    Locale.ROOT,
                    "requests queued: %.1f/s is %.0f %% of %s",
                    step.client().throughputPerSecond(),
                    100 * step.client().throughputPerSecond() / step.bound().littlesLawPerSecond(),
                    step.plan() != null && step.plan().ratePerSecond() != null
                            ? "the rate they arrived at"
                            : "what its users allow alone"));
        }
        return Optional.empty();
    }

    /**
     * Where an affinity mask held the application to some cores: whether those were busy, which the machine's idle
     * share (the lab's cores in it) does not show.
     */
    public static Optional<String> confinedCoresBusy(StepResult step, int cores) {
        if (step.machine() == null || step.client().elapsedSeconds() <= 0) {
            return Optional.empty();
        }
        double busy = step.machine().processes().stream()
                        .filter(process -> process.role().equals("service"))
                        .mapToDouble(process -> process.cpuSeconds().orElse(0))
                        .sum()
                / (step.client().elapsedSeconds() * cores);
        return busy >= BUSY_CORES
                ? Optional.of(format(
                        Locale.ROOT,
                        "the application's %d of this machine's cores were %.0f %% busy",
                        cores,
                        100 * busy))
                : Optional.empty();
    }

    /** Which step was the heaviest where nothing held the load back and nothing failed. */
    static OptionalInt heaviestClean(List<StepResult> steps) {
        for (int i = steps.size() - 1; i >= 0; i--) {
            StepResult step = steps.get(i);
            if (step.client().requests().failed() == 0 && stopReason(step).isEmpty()) {
                return OptionalInt.of(i);
            }
        }
        return OptionalInt.empty();
    }
}
