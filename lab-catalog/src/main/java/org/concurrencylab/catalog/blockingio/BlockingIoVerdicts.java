package org.concurrencylab.catalog.blockingio;

import static java.lang.String.format;
import static org.concurrencylab.catalog.blockingio.BlockingIoExperiment.*;
import static org.concurrencylab.catalog.blockingio.BlockingIoThresholds.*;

import java.util.Map;
import java.util.OptionalDouble;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.probe.model.ThreadActivity;
import org.concurrencylab.results.step.StepResult;

/** The verdict functions {@link BlockingIoClaims} names: each reads the figures a claim needs and decides it. */
final class BlockingIoVerdicts {

    private BlockingIoVerdicts() {}

    /**
     * A worker holds a request here only to hand it to the elastic pool, so Tomcat needs as many as arrive
     * within one hand-off; it creates one whenever none is idle and keeps it 60 s. The pool's size is set by
     * the bursts: the warm-up's first (every user at once, on a JVM whose request path was still cold and
     * slow), then any of the step's own that found too few idle.
     */
    static String workersFromBursts(StepResult step) {
        if (step.service().threads().beforeLoad() == null) {
            return "";
        }
        int before = step.service().threads().beforeLoad().byPool().getOrDefault("tomcat-workers", 0);
        int peak = pool(step, "tomcat-workers");
        return format(
                "; %d of the %d workers were there before the step's first request, made for the warm-up's first burst "
                        + "of users at once on a cold JVM and kept (an idle worker goes after 60 s)%s",
                Math.min(before, peak),
                peak,
                peak > before ? format(", and the step's own bursts added %d", peak - before) : "");
    }

    static boolean servesAllUsers(Measurements m, StepResult step) {
        return m.perD(step) >= NEAR_BOUND * step.plan().users();
    }

    /** Two peaks of live threads that are "the same": within {@link #SAME_THREADS} of the second, or 10 threads. */
    static boolean sameThreads(int peak, int against) {
        return Math.abs(peak - against) <= Math.max(SAME_THREADS_AT_LEAST, SAME_THREADS * against);
    }

    static int pool(StepResult step, String pool) {
        return step.service().threads().peakByPool().getOrDefault(pool, 0);
    }

    /** What the machine allowed is named beside the measurement, so a gap is split into system and machine. */
    static String withCpu(Measurements m, StepResult step) {
        if (!step.probed()) {
            return format(
                    "%.2f per D (%.1f %% of C/D), load from %s, which measures no threads or CPU",
                    m.perD(step),
                    100 * m.perD(step) / step.plan().users(),
                    step.plan().driver());
        }
        OptionalDouble jit =
                step.service().process().jitShareOfACore(step.client().elapsedSeconds());
        String machine =
                step.machine() == null || step.machine().cpuBoundPerSecond().isEmpty()
                        ? ""
                        : format(
                                "; with this machine's CPU %.1f per D (c = %.2f ms a request)",
                                step.machine().cpuBoundPerSecond().getAsDouble() * m.seconds(),
                                step.machine().cpuMillisPerRequest());
        return format(
                "%.2f per D (%.1f %% of C/D), %d threads at peak, service CPU %.2f cores busy%s%s",
                m.perD(step),
                100 * m.perD(step) / step.plan().users(),
                step.service().threads().peakLive(),
                step.service().process().cpuSeconds() / step.client().elapsedSeconds(),
                jit.isEmpty() ? "" : format(" (%.2f of them the JIT compiling)", jit.getAsDouble()),
                machine);
    }

    /**
     * boundedElastic queues each task on the one thread it picked when the task was scheduled, so
     * requests can wait behind a busy thread while another sits idle; the stack samples count those.
     */
    static String idleWhileQueued(Measurements m, StepResult step) {
        Map<String, Double> pool = step.service().threads().activityByPool().getOrDefault("bounded-elastic", Map.of());
        double idle = pool.getOrDefault(ThreadActivity.IDLE.name(), 0.0);
        double taken = pool.getOrDefault(ThreadActivity.SLEEPING.name(), 0.0);
        if (idle < 1 || m.inD(step.client().latencyMillis().mean()) < QUEUED_LATENCY_D) {
            return "";
        }
        return format(
                "; below that because each task is queued on the thread picked for it when it is scheduled: "
                        + "on average %.0f of the pool's threads (its evictor among them) were idle while %.0f held requests "
                        + "and others waited (mean latency %.2f D)",
                idle, taken, m.inD(step.client().latencyMillis().mean()));
    }
}
