package org.concurrencylab.catalog;

import java.time.Duration;
import org.concurrencylab.driver.Connections;

/**
 * Every default of an experiment declaration in one place, as the CLI's help text and the README
 * state them: an experiment that does not say otherwise gets these.
 */
public final class Defaults {

    /** The articles' authors ran 8-CPU machines; the services are told so unless an experiment says otherwise. */
    public static final int CPUS = 8;

    /** The time scale when an experiment declares none: every latency and timeout x S. */
    public static final double SCALE = 0.5;

    /** The articles' clients: siege and Gatling open a connection per request (per injected user). */
    public static final Connections CONNECTIONS = Connections.NEW_PER_REQUEST;

    /** The articles' services wait; they do not compute. See {@link JitPolicy#C1_ONLY}. */
    public static final JitPolicy JIT = JitPolicy.C1_ONLY;

    /** A client timeout when an experiment declares none: siege's and Gatling's are far longer than any D here. */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    /**
     * A step is machine-bound when this machine's CPU, by the lab's model, may take more than this
     * share of the step's figure (see {@link MachineBound}): the claims are stated at 95 % of a bound
     * or within 1.15 D, so a machine taking 5 % can by itself carry a figure across them.
     */
    public static final double MACHINE_SHARE_OF_BOUND = 0.05;

    /**
     * A service whose JIT compilers take more than this share of a core during a step is still warming
     * up: its requests ran partly in slower code while the compiler took CPU from them.
     */
    public static final double JIT_BUSY_SHARE_OF_A_CORE = 0.10;

    /**
     * A step needs this many requests before its CPU per request can be told from the background its
     * processes use anyway: over a second of 5 lone requests, a background known to a few hundredths
     * of a core still moves c by several milliseconds.
     */
    public static final int REQUESTS_TO_MEASURE_C = 50;

    /**
     * How far one variant's latency figure moves from one run to the next on a small machine with
     * nothing else running: measured here, cpu-bound's parallel-2 and parallel-4 means moved by 6-10 %
     * between runs. A predicted difference smaller than this is not decided by one run.
     */
    public static final double RUN_TO_RUN_NOISE = 0.07;

    private Defaults() {
    }
}
