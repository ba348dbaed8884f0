package org.concurrencylab.catalog.cpubound;

import static java.lang.String.format;
import static org.concurrencylab.catalog.cpubound.CpuBoundExperiment.*;
import static org.concurrencylab.catalog.cpubound.CpuBoundThresholds.*;

import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.TimelinePoint;

/** The verdict functions {@link CpuBoundClaims} names: each reads the figures a claim needs and decides it. */
final class CpuBoundVerdicts {

    private CpuBoundVerdicts() {}

    /**
     * Every JVM times the series again before its first request. How far those rates spread is how far
     * the same work costs different CPU from one variant to the next on this machine (its compiled code,
     * a shared host), so it is the noise floor of every comparison between variants here.
     */
    static String rateSpread(Measurements m) {
        DoubleSummaryStatistics rates = jvmRates(m);
        return rates.getCount() < 2
                ? ""
                : format(
                        " Each JVM's own rate before its first request: %.3f to %.3f ns a term, a spread of %.0f %%"
                                + " between variants that no variant controls.",
                        rates.getMin(), rates.getMax(), 100 * (rates.getMax() / rates.getMin() - 1));
    }

    /**
     * How far the same variant's mean moves from one run to the next here: the spread of the JVMs' own
     * rates in this run, and never less than the run-to-run spread measured on this lab's machine.
     */
    static double noise(Measurements m) {
        DoubleSummaryStatistics rates = jvmRates(m);
        double spread = rates.getCount() < 2 ? 0 : rates.getMax() / rates.getMin() - 1;
        return Math.max(Defaults.RUN_TO_RUN_NOISE, spread);
    }

    /** Each variant's JVM's own rate for the series, timed before its first request. */
    static DoubleSummaryStatistics jvmRates(Measurements m) {
        return m.variants().stream()
                .map(variant -> variant.sizing().number("piNanosPerTermHere"))
                .filter(OptionalDouble::isPresent)
                .mapToDouble(OptionalDouble::getAsDouble)
                .summaryStatistics();
    }

    /**
     * The service's CPU over every request sent, the JIT's included: with every core busy, what a request's
     * turn on the cores cost in this JVM at the host's speed of that moment.
     */
    static double cpuMillisPerRequest(StepResult step) {
        return step.service().process().cpuSeconds()
                * 1000
                / Math.max(1, step.client().requests().sent());
    }

    /** The mean latency in units of a request's work as its own JVM spent it: what {@link CpuBoundExperiment#meanInWork} predicts. */
    static double meanInOwnWork(StepResult step) {
        return step.client().latencyMillis().mean() / cpuMillisPerRequest(step);
    }

    /** How busy the machine's cores were with the service during the step: its CPU time over wall time x CPUs. */
    static double busyShare(Measurements m, StepResult step) {
        return step.service().process().cpuSeconds() / (step.client().elapsedSeconds() * m.machineCpus());
    }

    /** What 4 threads did on fewer cores than 4: more threads than cores, as the 10 are. */
    static String fourOnFewerCores(Measurements m, String load, long tenSwitches) {
        try {
            long four = Measurements.known(
                    m.step(PARALLEL_4, load).service().process().involuntaryContextSwitches(), SWITCHES);
            return format(
                    "; parallel-4 is more threads than this machine's cores, and switched %d times against the 10 threads' %d",
                    four, tenSwitches);
        } catch (Measurements.Missing notRun) {
            return "";
        }
    }

    /**
     * Where a parallel scheduler's last answers timed out because its JVM computed slower than the service
     * calibrated at start (measured: 407 and 409 ms of CPU a request against 300 for parallel-2 in two runs of
     * six, 414 ms for parallel-4 in one of three, the host slower for a while or the JIT's code for the same
     * loop differing between JVMs), the last answer's work no longer fits in the timeout, and the failures say
     * how fast that JVM ran, not how the scheduler shared the work. Empty where that is not so. The step's CPU
     * over every request sent is a floor of each one's work: the server computed the timed-out ones too.
     */
    static String timedOutByItsJvmsRate(Measurements m, StepResult step, int threads) {
        long timedOut = step.client().requests().timedOut();
        if (timedOut == 0 || timedOut != step.client().requests().failed()) {
            return "";
        }
        double workMillis = cpuMillisPerRequest(step);
        double lastInWork = lastAnswerInWork(threads, m.machineCpus());
        double lastMillis = lastInWork * workMillis;
        double calibratedMillis = m.seconds() * 1000 * m.machineCpus();
        if (lastMillis <= step.plan().requestTimeoutMillis()) {
            return "";
        }
        return format(
                "%d timed out: this JVM spent at least %.0f ms of CPU a request against the %.0f ms calibrated at its start "
                        + "(%+.0f %%), so %.1f requests' work ends after %.0f ms, past the %.0f ms timeout: the JVM's rate decided "
                        + "them, not the scheduler",
                timedOut,
                workMillis,
                calibratedMillis,
                100 * (workMillis / calibratedMillis - 1),
                lastInWork,
                lastMillis,
                step.plan().requestTimeoutMillis());
    }

    /** Each of these steps whose cores the lab's meter read slowed by the host, with its reason; empty where none. */
    static List<String> slowedCores(StepResult... steps) {
        return Stream.of(steps)
                .filter(step -> step.machine() != null && step.machine().coresSlowed())
                .map(step -> step.load() + ": " + step.machine().why())
                .toList();
    }

    /**
     * The article's last batch, by its own mechanism: 10 threads serve the 30 requests in three batches of
     * one batch's length each, and a timeout between the second batch's end and the third's fails exactly
     * the third. Each batch's length is read from this run's answers (the last answer over the batches
     * answered), so the verdict rests on the threads, not on how fast this JVM computed: where its batches
     * put the timeout outside the third, the run cannot show the article's case. One of a batch may end a
     * little before the other nine (see {@link Batches}), so one of the last 10 may still be answered.
     */
    static Verdict lastBatchTimesOut(StepResult step, Measurements m) {
        long ok = step.client().requests().ok();
        long timedOut = step.client().requests().timedOut();
        long failed = step.client().requests().failed();
        double timeout = step.plan().requestTimeoutMillis();
        if (ok == 0) {
            return Verdict.of(false, format("none of %d answered within the %.0f ms timeout", failed, timeout));
        }
        long batchesAnswered = Math.max(1, Math.round((double) ok / TOMCAT_THREADS));
        double batch = step.client().latencyMillis().max() / batchesAnswered;
        double d = m.seconds() * 1000;
        Batches batches = Batches.of(step);
        String evidence = format(
                "%d answered, %d timed out, %d failed otherwise; batches of %.0f ms (%.1f D; the article's 11 s is %.1f D), "
                        + "so the third ends at %.0f ms against the %.0f ms timeout; %s",
                ok,
                timedOut,
                failed - timedOut,
                batch,
                batch / d,
                ARTICLE_BATCH.toMillis() / (double) D.toMillis(),
                3 * batch,
                timeout,
                batches);
        if (timeout <= 2 * batch || timeout >= 3 * batch) {
            return Verdict.notDecided(evidence + ": this JVM's batches put the timeout outside the third batch, "
                    + "where the article's fell inside it");
        }
        int last = TOMCAT_THREADS;
        boolean holds =
                batches.ofTen() && ok >= AT_ONCE.totalRequests() - last && timedOut >= last - 1 && failed == timedOut;
        return Verdict.of(holds, evidence);
    }

    /**
     * When the last of the 30 requests is answered, in units of one request's work: each of {@code threads}
     * threads takes its share in turn, each request lasting work x threads / min(threads, cpus) of wall time.
     */
    static double lastAnswerInWork(int threads, int cpus) {
        return Math.ceil((double) AT_ONCE.totalRequests() / threads) * threads / Math.min(threads, cpus);
    }

    static int number(Object value) {
        return value instanceof Number n ? n.intValue() : 0;
    }

    /**
     * How the answers (and failures) were grouped in time: runs of timeline bins (one article second
     * each) with something ending in them, split where the bins stay empty for at least half the
     * longest such pause. Batches of 10 show as [10, 10, 10]. Not every empty bin splits: ten threads
     * share the cores unevenly, so one of a batch may end a bin or two before the other nine, and the
     * request that takes its thread keeps that lead; measured here, [1, 9, 1, 9, 1, 9] by every empty
     * bin, with pauses of 2 bins inside a batch against 5 between batches.
     */
    record Batches(List<Long> sizes) {

        static Batches of(StepResult step) {
            List<Long> groups = new ArrayList<>();
            List<Integer> pauses = new ArrayList<>();
            long current = 0;
            int empty = 0;
            for (TimelinePoint point : step.client().timeline().points()) {
                long ended = point.completed() + point.failed();
                if (ended == 0) {
                    empty += current > 0 ? 1 : 0;
                    continue;
                }
                if (current > 0 && empty > 0) {
                    groups.add(current);
                    pauses.add(empty);
                    current = 0;
                }
                current += ended;
                empty = 0;
            }
            if (current > 0) {
                groups.add(current);
            }
            int longest = pauses.stream().mapToInt(Integer::intValue).max().orElse(0);
            List<Long> sizes = new ArrayList<>();
            for (int i = 0; i < groups.size(); i++) {
                if (i > 0 && 2 * pauses.get(i - 1) < longest) {
                    sizes.set(sizes.size() - 1, sizes.getLast() + groups.get(i));
                } else {
                    sizes.add(groups.get(i));
                }
            }
            return new Batches(sizes);
        }

        boolean ofTen() {
            return sizes.size() >= 2 && sizes.getFirst() >= 9 && sizes.getFirst() <= 11;
        }

        @Override
        public String toString() {
            return "answers grouped in time as " + sizes;
        }
    }
}
