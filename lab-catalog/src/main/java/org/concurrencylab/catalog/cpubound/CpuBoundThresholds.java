package org.concurrencylab.catalog.cpubound;

import static org.concurrencylab.catalog.cpubound.CpuBoundExperiment.*;
import static org.concurrencylab.catalog.cpubound.CpuBoundVerdicts.*;

import org.concurrencylab.catalog.claim.Bench;
import org.concurrencylab.catalog.claim.MachineNeed;
import org.concurrencylab.catalog.claim.MeasuredSpread;

/** The thresholds and measured spreads {@link CpuBoundClaims} reads: what holds a claim, and why there. */
final class CpuBoundThresholds {

    private CpuBoundThresholds() {}

    /** What a claim on context switches lacks where the system does not count them per thread. */
    static final String SWITCHES = "the services' context switches, which this system does not count";

    /**
     * The last answer of parallelism 2 within 20 % of its 15 requests' work. The article's own figures sit 15.9 % from
     * that model: its mean of 2,853 ms is 8 requests' work of 357 ms, which puts the 15th at 5,349 ms against the
     * 4.5 s it read; here the last answer came 2 to 8 % later than the model in three runs.
     */
    static final double LAST_ANSWER_WITHIN = 0.20;

    /** The article's scheduler of 4 threads (on 8 logical CPUs): compared from 4 CPUs up, below them one thread per CPU. */
    static final int ARTICLE_SCHEDULER_THREADS = 4;

    /**
     * The machine on which parallelism 2 can beat 4 by hyperthreading, the article's suspicion: more hardware threads
     * than cores (the article's 8 on 4), so that threads on one core's hardware threads share what one would have
     * alone. On full cores the model predicts the opposite or nothing, so no other machine decides the suspicion.
     */
    static final MachineNeed HYPERTHREADED = MachineNeed.hyperthreaded();

    /** A core taken from the one-thread-per-CPU scheduler: its cores less than 95 % as busy as the 10 threads'. */
    static final double CORE_TAKEN = 0.95;

    /**
     * What context switching costs the 10 threads, the article's reason without a figure: the lab asks at least
     * 10 % more CPU for the same work, more than the run-to-run noise of a variant's CPU here
     * ({@code Defaults.RUN_TO_RUN_NOISE}, 7 %).
     */
    static final double SWITCHING_COSTS = 0.10;

    /** The utilization law: a variant that keeps every CPU busy serves CPUs over its work, within 10 %. */
    static final double CPUS_BUSY_WITHIN = 0.10;

    /** What the spreads below moved over: three runs of {@code ./lab bench cpu-bound}, nothing else running. */
    static final Bench BENCH = Bench.of(3, "2026-11-28");

    static final MeasuredSpread ARTICLE_BATCH_SPREAD = BENCH.spread("a batch of ten", 16.4, 17.4, "D");

    static final MeasuredSpread BATCH_SIZE_SPREAD = BENCH.spread("answers in each batch", 10, 10, "");

    static final MeasuredSpread PARALLEL_4_FAILED_SPREAD = BENCH.spread("failures among its 30 requests", 0, 0, "");

    static final MeasuredSpread PARALLEL_4_LARGEST_GROUP_SPREAD = BENCH.spread("the most answers together", 6, 13, "");

    static final MeasuredSpread PARALLEL_2_BEATS_4_SPREAD =
            BENCH.spread("parallel-2's mean lower than parallel-4's by", -15, 7, "%");

    static final MeasuredSpread LAST_ANSWER_SPREAD =
            BENCH.spread("the last answer later than the model's by", 2, 8, "%");

    static final MeasuredSpread CONTEXT_SWITCHES_SPREAD =
            BENCH.spread("involuntary switches as a share of 10 threads'", 45.4, 45.5, "%");

    static final MeasuredSpread CPUS_BEAT_TEN_SPREAD = BENCH.spread("the mean lower by", 19, 20, "%");

    static final MeasuredSpread SWITCHING_CPU_SPREAD = BENCH.spread("the CPU more on 10 threads by", 0, 7, "%");

    static final MeasuredSpread CPUS_BUSY_SPREAD = BENCH.spread("the variants' CPUs kept busy", 92, 100, "%");
}
