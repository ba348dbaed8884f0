package org.concurrencylab.runner.study;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.probe.model.ProcessCounters;
import org.concurrencylab.runner.process.ProbeClient;
import org.concurrencylab.study.Study;

/**
 * A study's R0: its requests timed one at a time after the warm-up, the service time every Little's-law bound of
 * the study divides by. Timed again, up to {@link Defaults#STUDY_STEP_MEASUREMENTS} times in all, while the
 * application's JIT took more than {@link Defaults#JIT_BUSY_SHARE_OF_A_CORE} of a core: a request of a fraction of a
 * millisecond timed beside a compiler at work reads several times its own time, and every bound divided by it as
 * many times too low.
 *
 * @param millis        the mean of the last timing, in milliseconds
 * @param disturbances  what moved each timing, in order ({@link StepDisturbance#UNDISTURBED} where nothing did)
 */
record LoneRequests(double millis, List<String> disturbances) {

    LoneRequests {
        disturbances = List.copyOf(disturbances);
    }

    static LoneRequests timed(StudyLoads loads, Study study, URI target, ProbeClient probe)
            throws IOException, InterruptedException {
        List<String> disturbances = new ArrayList<>();
        while (true) {
            OptionalLong jitBefore = probe.readNow().counters().jitCpuNanos();
            long start = System.nanoTime();
            double millis = loads.alone(target, study).getMean() / 1000;
            double seconds = (System.nanoTime() - start) / 1e9;
            OptionalLong jit =
                    ProcessCounters.since(jitBefore, probe.readNow().counters().jitCpuNanos());
            Optional<String> disturbed =
                    jit.isEmpty() ? Optional.empty() : StepDisturbance.jitBusy(jit.getAsLong() / 1e9 / seconds);
            disturbances.add(disturbed.orElse(StepDisturbance.UNDISTURBED));
            if (disturbed.isEmpty() || disturbances.size() == Defaults.STUDY_STEP_MEASUREMENTS) {
                return new LoneRequests(millis, disturbances);
            }
        }
    }

    /** Whether it was timed more than once: what moved each timing is then a finding. */
    boolean timedAgain() {
        return disturbances.size() > 1;
    }
}
