package org.concurrencylab.runner.study;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.probe.model.ProcessCounters;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.runner.process.ProbeClient;
import org.concurrencylab.runner.warmup.SteadyWarmUp;
import org.concurrencylab.study.Study;

/** A study's warm-up: its users without thinking, window after window, until {@link SteadyWarmUp} holds. */
final class StudyWarmUp {

    private StudyWarmUp() {}

    /**
     * When the application is steady: the requests it must have answered follow how its JVM options let it compile
     * ({@link Study#jit()}), C2's thresholds being some forty times C1's.
     */
    static SteadyWarmUp rule(Study study) {
        return new SteadyWarmUp(
                Defaults.JIT_BUSY_SHARE_OF_A_CORE, Defaults.STEADY_THROUGHPUT, Defaults.warmUpRequests(study.jit()));
    }

    /**
     * The study's warm-up users, window after window, until the application is steady ({@link SteadyWarmUp}) or
     * the warm-up's length is spent; how it ended goes into the sizing and, in words, into the findings.
     */
    static Optional<String> untilSteady(
            StudyLoads loads, Study study, URI target, ProbeClient probe, Map<String, Object> sizing)
            throws IOException, InterruptedException {
        if (study.warmUp().isZero()) {
            return Optional.empty();
        }
        SteadyWarmUp rule = rule(study);
        long start = System.nanoTime();
        long cap = study.warmUp().toNanos();
        SteadyWarmUp.Window previous = null;
        long answered = 0;
        // a window's reading at its end is the next one's at its start: one read of the probe between two windows
        OptionalLong jitBefore = probe.readNow().counters().jitCpuNanos();
        while (true) {
            Duration window = Duration.ofNanos(
                    Math.min(Defaults.STUDY_WARM_UP_WINDOW.toNanos(), Math.max(1, cap - (System.nanoTime() - start))));
            LoadResult load = loads.unthinking(target, study, study.warmUpUsers(), window);
            if (previous == null) {
                StudyLoads.answeredAtAll(study, load, "requests of the warm-up's first " + window.toSeconds() + " s");
            }
            OptionalLong jitAfter = probe.readNow().counters().jitCpuNanos();
            SteadyWarmUp.Window last = SteadyWarmUp.Window.counted(
                    load.elapsedSeconds(), load.ok(), ProcessCounters.since(jitBefore, jitAfter));
            answered += load.ok();
            boolean steady = previous != null && rule.steady(previous, last, answered);
            boolean spent = System.nanoTime() - start >= cap;
            if (steady || spent) {
                SteadyWarmUp.Outcome outcome = new SteadyWarmUp.Outcome(
                        Duration.ofNanos(System.nanoTime() - start),
                        answered,
                        steady,
                        last,
                        previous == null ? Double.NaN : SteadyWarmUp.change(previous, last));
                sizing.putAll(VariantResult.warmUpSizing(outcome.took().toMillis() / 1e3, steady, answered));
                return Optional.of(outcome.sentence(rule, "a longer warm-up.seconds or more warm-up.users"));
            }
            previous = last;
            jitBefore = jitAfter;
        }
    }
}
