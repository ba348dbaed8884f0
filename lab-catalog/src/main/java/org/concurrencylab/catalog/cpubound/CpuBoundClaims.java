package org.concurrencylab.catalog.cpubound;

import static java.lang.String.format;
import static org.concurrencylab.catalog.claim.Thresholds.figure;
import static org.concurrencylab.catalog.claim.Thresholds.percent;
import static org.concurrencylab.catalog.cpubound.CpuBoundExperiment.*;
import static org.concurrencylab.catalog.cpubound.CpuBoundThresholds.*;
import static org.concurrencylab.catalog.cpubound.CpuBoundVerdicts.*;

import java.util.ArrayList;
import java.util.List;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.claim.Claim;
import org.concurrencylab.catalog.claim.Finding;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.Sizing;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;

/** The claims of {@link CpuBoundExperiment}: what its article said, each with the measurement that decides it, and the sentences its run tells. */
final class CpuBoundClaims {

    private CpuBoundClaims() {}

    static List<Claim> claims() {
        String load = AT_ONCE.label();
        return List.of(
                Claim.of(
                                "no-scheduler-batches-of-ten",
                                "Without a scheduler the work holds Tomcat's 10 threads: requests finish in batches of 10.",
                                m -> {
                                    StepResult step = m.step(NO_SCHEDULER, load);
                                    Batches batches = Batches.of(step);
                                    return Verdict.of(batches.ofTen(), batches.toString());
                                })
                        .articleSaid("batches of 10, about 11 s of processing each")
                        .checkedAt(format("answers in batches of %d", TOMCAT_THREADS))
                        .spreadHere(BATCH_SIZE_SPREAD)
                        .shownBy(ChartRef.Kind.REQUESTS, load, NO_SCHEDULER),
                Claim.of(
                                "no-scheduler-last-batch-times-out",
                                "... and with batches of the article's length (about 11 s) the third ends past the 30 s timeout: "
                                        + "the first 20 are answered, the last 10 time out.",
                                m -> lastBatchTimesOut(m.clientStep(NO_SCHEDULER_ARTICLE_BATCHES, load), m))
                        .articleSaid("batches of about 11 s; the last 10 time out at 30 s")
                        .checkedAt(format(
                                "on %s: at least %d answered in batches of %d, at least %d of the last %d timed out, no other "
                                        + "failure; not decided where its own batches put the timeout outside the third",
                                NO_SCHEDULER_ARTICLE_BATCHES,
                                AT_ONCE.totalRequests() - TOMCAT_THREADS,
                                TOMCAT_THREADS,
                                TOMCAT_THREADS - 1,
                                TOMCAT_THREADS))
                        .spreadHere(ARTICLE_BATCH_SPREAD)
                        .shownBy(ChartRef.Kind.REQUESTS, load, NO_SCHEDULER_ARTICLE_BATCHES),
                Claim.of(
                                "parallel-4-all-succeed",
                                "With subscribeOn a parallel scheduler of 4 every request succeeds and durations grow steadily.",
                                m -> {
                                    StepResult step = m.step(PARALLEL_4, load);
                                    Batches batches = Batches.of(step);
                                    String evidence = format(
                                            "%d of %d OK; %s",
                                            step.client().requests().ok(),
                                            step.client().requests().sent(),
                                            batches);
                                    String slowJvm = timedOutByItsJvmsRate(m, step, 4);
                                    if (!slowJvm.isEmpty() && !batches.ofTen()) {
                                        return Verdict.notDecided(evidence + "; " + slowJvm);
                                    }
                                    return Verdict.of(
                                            step.client().requests().failed() == 0 && !batches.ofTen(), evidence);
                                })
                        .articleSaid("all succeed, durations grow steadily")
                        .checkedAt(format(
                                "no failure; not in batches of %d; not decided where only timeouts failed and its JVM's own "
                                        + "CPU per request puts the last answer past the timeout",
                                TOMCAT_THREADS))
                        .spreadHere(PARALLEL_4_FAILED_SPREAD, PARALLEL_4_LARGEST_GROUP_SPREAD)
                        .shownBy(ChartRef.Kind.REQUESTS, load, PARALLEL_4),
                Claim.of(
                                "parallel-2-beats-4",
                                "Parallelism 2 gives a lower mean latency than 4 (the article: 2853 ms against 5375 ms; it suspected "
                                        + "hyperthreading).",
                                m -> {
                                    StepResult two = m.step(PARALLEL_2, load);
                                    StepResult four = m.step(PARALLEL_4, load);
                                    double lower = 1
                                            - two.client().latencyMillis().mean()
                                                    / four.client()
                                                            .latencyMillis()
                                                            .mean();
                                    double noise = noise(m);
                                    // the model of full cores: what the 4 threads would do if each hardware thread
                                    // were one
                                    double fullCores =
                                            1 - meanInWork(2, m.machineCpus()) / meanInWork(4, m.machineCpus());
                                    String evidence = format(
                                            "mean %.0f ms with 2 against %.0f ms with 4 (%.0f %% lower; on %d full cores "
                                                    + "the model predicts %.0f %%)",
                                            two.client().latencyMillis().mean(),
                                            four.client().latencyMillis().mean(),
                                            100 * lower,
                                            m.machineCpus(),
                                            100 * fullCores);
                                    if (lower > 0 && lower <= noise) {
                                        return Verdict.notDecided(evidence
                                                + format(
                                                        "; lower, but by less than the %.0f %% run-to-run noise",
                                                        100 * noise));
                                    }
                                    return Verdict.of(lower > noise, evidence);
                                })
                        .articleSaid("mean 2853 ms against 5375 ms")
                        .checkedAt(format(
                                "a mean with %s lower than with %s by more than the run-to-run noise, on %s (the article's "
                                        + "suspicion: more threads than cores, sharing their pipelines); not decided within the noise",
                                PARALLEL_2, PARALLEL_4, HYPERTHREADED.text()))
                        .decidedOn(HYPERTHREADED)
                        .spreadHere(PARALLEL_2_BEATS_4_SPREAD)
                        .shownBy(ChartRef.Kind.PERCENTILES, load, PARALLEL_2, PARALLEL_4),
                Claim.of(
                                "parallel-2-last-answer",
                                "With parallelism 2 the last of the 30 answers comes after 15 requests' work: each thread takes 15 in turn "
                                        + "(the article: 4.5 s), within 20 %.",
                                m -> {
                                    StepResult two = m.step(PARALLEL_2, load);
                                    // a request's work as its own JVM spent it, so the JVM's rate is not compared with
                                    // another's
                                    double work = two.service().process().cpuSeconds()
                                            * 1000
                                            / Math.max(
                                                    1, two.client().requests().ok());
                                    double predicted = lastAnswerInWork(2, m.machineCpus()) * work;
                                    double off = two.client().latencyMillis().max() / predicted - 1;
                                    String evidence = format(
                                            "last answer after %.0f ms against %.0f ms predicted (%.1f requests' work of "
                                                    + "%.0f ms each, its JVM's CPU per request; %+.0f %%); mean %.0f ms",
                                            two.client().latencyMillis().max(),
                                            predicted,
                                            lastAnswerInWork(2, m.machineCpus()),
                                            work,
                                            100 * off,
                                            two.client().latencyMillis().mean());
                                    String slowJvm = timedOutByItsJvmsRate(m, two, 2);
                                    if (!slowJvm.isEmpty()) {
                                        return Verdict.notDecided(evidence + "; " + slowJvm);
                                    }
                                    return Verdict.onSteps(
                                            two.client().requests().failed() == 0
                                                    && Math.abs(off) <= LAST_ANSWER_WITHIN,
                                            evidence,
                                            two);
                                })
                        .articleSaid("the last answer after 4.5 s")
                        .checkedAt(format(
                                "no failure; the last answer within %s of %s requests' work; not decided "
                                        + "where only timeouts failed and its JVM's own CPU per request puts the last answer "
                                        + "past the timeout",
                                percent(LAST_ANSWER_WITHIN), figure(lastAnswerInWork(2, 2))))
                        .spreadHere(LAST_ANSWER_SPREAD)
                        .shownBy(ChartRef.Kind.REQUESTS, load, PARALLEL_2),
                Claim.of(
                                "parallel-4-fewer-context-switches",
                                "A scheduler of 4 threads, no more than the article's CPUs, switches context less than Tomcat's 10 threads doing "
                                        + "the same work: fewer involuntary switches (the article's reason for it).",
                                m -> {
                                    // the article's 4 threads ran on 8 logical CPUs: a scheduler no larger than the
                                    // cores; where this
                                    // machine has fewer than 4, the scheduler with one thread per CPU is that
                                    String withinCores =
                                            m.machineCpus() >= ARTICLE_SCHEDULER_THREADS ? PARALLEL_4 : PARALLEL_CPUS;
                                    StepResult scheduler = m.step(withinCores, load);
                                    StepResult ten = m.step(NO_SCHEDULER, load);
                                    long schedulerSwitches = Measurements.known(
                                            scheduler.service().process().involuntaryContextSwitches(), SWITCHES);
                                    long tenSwitches = Measurements.known(
                                            ten.service().process().involuntaryContextSwitches(), SWITCHES);
                                    String four = withinCores.equals(PARALLEL_4)
                                            ? ""
                                            : fourOnFewerCores(m, load, tenSwitches);
                                    // counted by the kernel for the service's threads, which no other load of this
                                    // machine inflates
                                    return Verdict.of(
                                            schedulerSwitches < tenSwitches,
                                            format(
                                                    "%d involuntary context switches with %s "
                                                            + "against %d with 10 threads on %d CPUs; voluntary %d against %d%s",
                                                    schedulerSwitches,
                                                    withinCores,
                                                    tenSwitches,
                                                    m.machineCpus(),
                                                    Measurements.known(
                                                            scheduler
                                                                    .service()
                                                                    .process()
                                                                    .voluntaryContextSwitches(),
                                                            SWITCHES),
                                                    Measurements.known(
                                                            ten.service()
                                                                    .process()
                                                                    .voluntaryContextSwitches(),
                                                            SWITCHES),
                                                    four));
                                })
                        .articleSaid("less context switching with 4 (on 8 logical CPUs)")
                        .checkedAt(format(
                                "fewer involuntary context switches than on %d threads, for a scheduler no larger than the "
                                        + "CPUs (%s from %d CPUs, else %s)",
                                TOMCAT_THREADS, PARALLEL_4, ARTICLE_SCHEDULER_THREADS, PARALLEL_CPUS))
                        .spreadHere(CONTEXT_SWITCHES_SPREAD)
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, load, PARALLEL_CPUS, NO_SCHEDULER),
                Claim.of(
                                "parallelism-cpus-beats-ten-threads",
                                "Sized to the hardware, as many threads as CPUs gives a mean latency below Tomcat's 10 threads by what the model "
                                        + "predicts for this machine ((10 - CPUs) / 40), less the run-to-run noise of two means, each mean "
                                        + "in its own JVM's CPU per request.",
                                m -> {
                                    StepResult cpus = m.step(PARALLEL_CPUS, load);
                                    StepResult ten = m.step(NO_SCHEDULER, load);
                                    // the model's means are in requests' work, and the host ran one JVM slower than the
                                    // other in
                                    // one run of three (379 against 354 ms of CPU a request): each mean over its own
                                    // JVM's work
                                    double cpusInWork = meanInOwnWork(cpus);
                                    double tenInWork = meanInOwnWork(ten);
                                    double gain = 1 - cpusInWork / tenInWork;
                                    double predicted = 1
                                            - meanInWork(m.machineCpus(), m.machineCpus())
                                                    / meanInWork(10, m.machineCpus());
                                    // two means in their own JVMs' work, each moving by the run-to-run noise: their
                                    // ratio by
                                    // sqrt(2) times it (measured over nine runs with the cores busy: 11.7-24.8 % lower,
                                    // 20 % in theory)
                                    double noise = Math.sqrt(2) * Defaults.RUN_TO_RUN_NOISE;
                                    double busyCpus = busyShare(m, cpus);
                                    double busyTen = busyShare(m, ten);
                                    boolean coreTaken = busyCpus < CORE_TAKEN * busyTen;
                                    String why = coreTaken
                                            ? ": with exactly one thread per CPU, each with its own "
                                                    + "queue, any CPU taken by another thread leaves one queue behind while the other core idles"
                                            : "";
                                    List<String> slowed = slowedCores(cpus, ten);
                                    if (!slowed.isEmpty()) {
                                        // the model's means assume the cores ran at their speed for both
                                        return Verdict.notDecided(format(
                                                "mean %.2f against %.2f requests' work of its JVM's CPU (%.0f %% lower; "
                                                        + "%.0f %% in theory); failed %d against %d; machine-bound step (%s): the "
                                                        + "host slowed the cores the model counts as the service's",
                                                cpusInWork,
                                                tenInWork,
                                                100 * gain,
                                                100 * predicted,
                                                cpus.client().requests().failed(),
                                                ten.client().requests().failed(),
                                                String.join("; ", slowed)));
                                    }
                                    double gainShort = predicted - noise - gain;
                                    if (coreTaken && gainShort > 0) {
                                        return Verdict.notDecided(format(
                                                "mean %.2f against %.2f requests' work of its JVM's CPU (%.0f %% lower; "
                                                        + "%.0f %% in theory); the model counts the cores as the service's, and the scheduler of "
                                                        + "one thread per CPU kept them %.0f %% busy against the 10 threads' %.0f %%%s",
                                                cpusInWork,
                                                tenInWork,
                                                100 * gain,
                                                100 * predicted,
                                                100 * busyCpus,
                                                100 * busyTen,
                                                why));
                                    }
                                    return Verdict.beyondNoise(
                                            gain >= predicted - noise
                                                    && cpus.client().requests().failed()
                                                            <= ten.client()
                                                                    .requests()
                                                                    .failed(),
                                            predicted,
                                            noise,
                                            format(
                                                    "mean %.0f ms against %.0f ms, %.2f against %.2f requests' work of "
                                                            + "its JVM's CPU, %.0f and %.0f ms (%.0f %% lower; %.0f %% in theory, "
                                                            + "at least %.0f %% asked); failed %d against %d; "
                                                            + "service CPU over wall time x CPUs %.0f %% against %.0f %%%s",
                                                    cpus.client()
                                                            .latencyMillis()
                                                            .mean(),
                                                    ten.client().latencyMillis().mean(),
                                                    cpusInWork,
                                                    tenInWork,
                                                    cpuMillisPerRequest(cpus),
                                                    cpuMillisPerRequest(ten),
                                                    100 * gain,
                                                    100 * predicted,
                                                    100 * (predicted - noise),
                                                    cpus.client().requests().failed(),
                                                    ten.client().requests().failed(),
                                                    100 * busyCpus,
                                                    100 * busyTen,
                                                    why));
                                })
                        .articleSaid(
                                "no figure: the scheduler's size depends on the hardware, to be adjusted machine by machine")
                        .checkedAt(
                                "a mean lower by the model's difference for this machine's CPUs, less the run-to-run noise "
                                        + "of a difference of two means, in each JVM's CPU per request; not decided where a core "
                                        + "was taken from the scheduler or the host slowed the cores")
                        .spreadHere(CPUS_BEAT_TEN_SPREAD)
                        .shownBy(ChartRef.Kind.PERCENTILES, load, PARALLEL_CPUS, NO_SCHEDULER),
                Claim.of(
                                "context-switching-costs-cpu",
                                "The article's explanation: with more threads than CPUs, context switching costs enough CPU to slow the work down.",
                                m -> {
                                    StepResult ten = m.step(NO_SCHEDULER, load);
                                    StepResult cpus = m.step(PARALLEL_CPUS, load);
                                    PiWorkCost tenCost = PiWorkCost.of(m.variant(NO_SCHEDULER), ten);
                                    PiWorkCost cpusCost = PiWorkCost.of(m.variant(PARALLEL_CPUS), cpus);
                                    double extraCpu = tenCost.overReference() / cpusCost.overReference() - 1;
                                    String evidence = format(
                                            "CPU for the 30 requests, the JIT's left out, %.2f s on 10 threads against %.2f s on %d, "
                                                    + "%.2f and %.2f times the same terms on the lab's meter during each step "
                                                    + "(cores at %.2f and %.2f times their usual time) (%+.0f %%); "
                                                    + "involuntary context switches %d against %d, voluntary %d against %d",
                                            tenCost.cpuSeconds(),
                                            cpusCost.cpuSeconds(),
                                            m.machineCpus(),
                                            tenCost.overReference(),
                                            cpusCost.overReference(),
                                            tenCost.coreSpeed().slowdown(),
                                            cpusCost.coreSpeed().slowdown(),
                                            100 * extraCpu,
                                            Measurements.known(
                                                    ten.service().process().involuntaryContextSwitches(), SWITCHES),
                                            Measurements.known(
                                                    cpus.service().process().involuntaryContextSwitches(), SWITCHES),
                                            Measurements.known(
                                                    ten.service().process().voluntaryContextSwitches(), SWITCHES),
                                            Measurements.known(
                                                    cpus.service().process().voluntaryContextSwitches(), SWITCHES));
                                    // each side is over the meter's reading of its step's cores: where the host slowed
                                    // them, the comparison is as much the meter's reading as the threads', either way
                                    List<String> slowed = slowedCores(ten, cpus);
                                    if (!slowed.isEmpty()) {
                                        return Verdict.notDecided(
                                                evidence + "; machine-bound step (" + String.join("; ", slowed)
                                                        + "): the comparison rests on the meter's reading of the slowed cores");
                                    }
                                    return Verdict.of(extraCpu >= SWITCHING_COSTS, evidence);
                                })
                        .articleSaid("context switching costs the 10 threads")
                        .checkedAt(format(
                                "≥ %s more CPU for the %d requests on %d threads, each over the same work at its step's core "
                                        + "speed",
                                percent(SWITCHING_COSTS), AT_ONCE.totalRequests(), TOMCAT_THREADS))
                        .spreadHere(SWITCHING_CPU_SPREAD)
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, load, NO_SCHEDULER, PARALLEL_CPUS),
                Claim.of(
                                "cpus-kept-busy",
                                "Lab's check: every variant with at least as many threads as CPUs serves CPUs / (work per request), within 10 %, "
                                        + "the work being the CPU a request cost in that variant's JVM (the utilization law).",
                                m -> {
                                    List<String> evidence = new ArrayList<>();
                                    boolean all = true;
                                    for (VariantResult variant : m.variants()) {
                                        StepResult step = m.step(variant.name(), load);
                                        int threads = variant.sizing()
                                                .whole("schedulerThreads")
                                                .orElse(0);
                                        boolean keepsCpusBusy =
                                                threads == 0 || threads < 0 || threads >= m.machineCpus();
                                        if (keepsCpusBusy
                                                && step.client().requests().failed() == 0) {
                                            // throughput x CPU per request / CPUs: how busy the cores were kept
                                            double share = busyShare(m, step);
                                            all &= Math.abs(share - 1) <= CPUS_BUSY_WITHIN;
                                            evidence.add(format(
                                                    "%s %.0f %% (%.0f %% of the calibrated work's bound)",
                                                    variant.name(),
                                                    100 * share,
                                                    100
                                                            * step.client().throughputPerSecond()
                                                            / step.bound().littlesLawPerSecond()));
                                        }
                                    }
                                    if (evidence.isEmpty()) {
                                        throw new Measurements.Missing(
                                                "needs a variant that kept every CPU busy and did not run");
                                    }
                                    return Verdict.of(
                                            all,
                                            "of CPUs / its own CPU per request: " + String.join(", ", evidence)
                                                    + "; the calibrated work is one JVM's rate, and the JVMs' rates spread (see the calibration finding)");
                                })
                        .checkedAt(format(
                                "%s to %s of CPUs / the CPU per request",
                                percent(1 - CPUS_BUSY_WITHIN), percent(1 + CPUS_BUSY_WITHIN)))
                        .spreadHere(CPUS_BUSY_SPREAD)
                        .shownBy(ChartRef.Kind.THROUGHPUT_AGAINST_BOUND, load));
    }

    static List<Finding> findings() {
        return List.of(new Finding("calibration", m -> {
            VariantResult variant = m.variants().stream()
                    .filter(candidate ->
                            candidate.sizing().flag("piCalibratedHere").orElse(false))
                    .findFirst()
                    .orElseThrow(() -> new Measurements.Missing("no variant that calibrated the work ran"));
            Sizing sizing = variant.sizing();
            return format(
                            "Work per request calibrated here at the start of %s and reused by every variant: %s terms of the pi series, %.3f ns a term, "
                                    + "%.0f ms of CPU (D = %.0f ms per core x %s CPUs): the 30 requests are %.1f s of CPU.",
                            variant.name(),
                            sizing.text("piTermsPerRequest").orElse("?"),
                            sizing.number("piNanosPerTerm").orElse(Double.NaN),
                            sizing.number("workPerRequestMillis").orElse(Double.NaN),
                            m.seconds() * 1000,
                            sizing.text("machineCpus").orElse("?"),
                            30 * sizing.number("workPerRequestMillis").orElse(Double.NaN) / 1000)
                    + rateSpread(m);
        }));
    }
}
