package org.concurrencylab.catalog;

import java.time.Duration;
import java.util.List;
import org.concurrencylab.catalog.load.JitPolicy;
import org.concurrencylab.catalog.model.MachineBound;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.results.step.LoadPlan;

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
     * A step whose cores ran more than this many times slower than usual in the run (the median of the lab's
     * core-speed meter's samples so far) had a host that slowed them (another tenant on the physical cores):
     * every CPU figure of the step is inflated by as much. Measured here on an otherwise idle VM, three benches
     * of all five experiments: the 174 steps of ten samples or more read 0.96-1.17, 1.05 or less in 95 of 100,
     * whatever ran; two CI runs saw the same work take 1.7 and 2.2 times the CPU.
     */
    public static final double CORES_SLOWED = 1.25;

    /**
     * The meter's samples a step needs before it can be called slowed: one sample in a hundred is interrupted
     * and takes twice as long, which moves the mean of five by a fifth (a 0.5 s step read 1.12).
     */
    public static final int CORES_SLOWED_SAMPLES = 10;

    /**
     * Before a study measures again a step whose host slowed the cores, it waits at most this long for a second
     * of the core-speed meter's samples at the usual speed: a slowed episode lasts seconds, and a step measured
     * again inside it reads the same tenant.
     */
    public static final Duration CORES_SLOWED_WAIT = Duration.ofSeconds(5);

    /**
     * How many times in all a study measures a step that the JIT or a slowed host disturbed, where its budget
     * allows: the last measurement stands, disturbed or not, and the findings say what moved each one.
     */
    public static final int STUDY_STEP_MEASUREMENTS = 3;

    /**
     * A step needs this many requests before its CPU per request can be told from the background its
     * processes use anyway: over a second of 5 lone requests, a background known to a few hundredths
     * of a core still moves c by several milliseconds.
     */
    public static final int REQUESTS_TO_MEASURE_C = 50;

    /**
     * How long, in D, a variant that declares {@code threadsAfterLoad()} rests with no load after its last
     * step before its threads are counted once more: long enough for a pool that lets idle threads go at once
     * to have done so, far shorter than the minute Tomcat and Reactor keep an idle thread.
     */
    public static final int REST_AFTER_LOAD_IN_D = 5;

    /**
     * Whether a run trains the start-up cache a service lacks before its first start. A cache costs some
     * 13 s to train (a recording start of twice a normal one, then the cache's assembly) and saves some
     * 1.5 s on each later start of that service, however many runs come after: it pays for itself from
     * about the ninth start. {@code -Dlab.startup-cache=reuse} starts from the caches already trained and
     * trains none, for runs that start each service only a few times.
     */
    public static final boolean TRAIN_STARTUP_CACHES = true;

    /**
     * How far one variant's latency figure moves from one run to the next on a small machine with
     * nothing else running: measured here, cpu-bound's parallel-2 and parallel-4 means moved by 6-10 %
     * between runs. A predicted difference smaller than this is not decided by one run.
     */
    public static final double RUN_TO_RUN_NOISE = 0.07;

    /**
     * The users of a study's steps, doubling: each step asks twice what the last one did, so that eight
     * steps go from one user to more than most pools hold, and a knee shows between two steps.
     */
    public static final List<Integer> STUDY_USERS = List.of(1, 2, 4, 8, 16, 32, 64, 128);

    /**
     * The most users a closed step may have: each is a platform thread of the lab's JVM (1 MiB of stack reserved,
     * tens of KB touched) holding a connection of its own, so 10 000 take 10 GiB of address space and as many
     * sockets: what one machine's lab can hold beside the service it loads.
     */
    public static final int MAX_USERS = 10_000;

    /**
     * The most requests one step may schedule: the driver keeps a record of each (about 80 bytes with its
     * place in the list), so 5 million take about 400 MB of the lab's heap, within the quarter of a laptop's
     * memory the JVM takes by default. An open step's rate x its length is held to it before anything starts.
     */
    public static final long MAX_REQUESTS_PER_STEP = LoadPlan.MAX_REQUESTS;

    /** How long a study holds each step: {@link #STUDY_SAMPLES_PER_STEP} samples of its pools at the probe's rate. */
    public static final Duration STUDY_STEP = Duration.ofSeconds(8);

    /** How often the lab's agent samples an application's threads and pools, at random moments this far apart. */
    public static final Duration PROBE_SAMPLE_INTERVAL = Duration.ofMillis(100);

    /**
     * The samples of a study's step its agent takes: 80 tell a pool's mean occupancy to some 3 % (the precision the
     * pool sizes are rounded beyond). A step shorter than 80 of {@link #PROBE_SAMPLE_INTERVAL} is sampled more
     * often, down to {@link #STUDY_SHORTEST_SAMPLE_INTERVAL}.
     */
    public static final int STUDY_SAMPLES_PER_STEP = 80;

    /**
     * The most often a study's agent samples: each sample reads every thread's state and stack, some tenths of a
     * millisecond of the application's CPU, which a sample every 50 ms keeps to about 1 % of a core.
     */
    public static final Duration STUDY_SHORTEST_SAMPLE_INTERVAL = Duration.ofMillis(50);

    /**
     * The longest a study's warm-up lasts, at {@link #STUDY_WARM_UP_USERS}: it ends sooner, in windows of
     * {@link #STUDY_WARM_UP_WINDOW}, once the application is steady (at least {@link #WARM_UP_REQUESTS_C2}
     * answered, or {@link #WARM_UP_REQUESTS_C1} where its JVM options stop it at C1, its JIT under
     * {@link #JIT_BUSY_SHARE_OF_A_CORE} of a core, and two windows' throughput within
     * {@link #STEADY_THROUGHPUT} of each other). Long enough for a service held to 80 requests a second by
     * a small pool to answer the requests.
     */
    public static final Duration STUDY_WARM_UP = Duration.ofSeconds(150);

    /**
     * The fewest requests a warm-up answers where the JVM compiles with C2 (a study's, an experiment's with the full
     * JIT): HotSpot compiles a method with C2 once its invocations pass 5,000, or 15,000 with its loops' iterations
     * (Tier4InvocationThreshold, Tier4CompileThreshold), so code that runs once a request is compiled for good only
     * after thousands of requests, however quiet the compiler is before.
     */
    public static final long WARM_UP_REQUESTS_C2 = 10_000;

    /**
     * The fewest requests a warm-up answers where the JVM compiles with C1 alone (an experiment's services, {@link
     * JitPolicy#C1_ONLY}): the interpreter hands a method to C1 once its invocations pass 200
     * (Tier3InvocationThreshold), and it tells the compilation policy of them every 128 calls
     * (Tier0InvokeNotifyFreqLog 7), so code that runs once a request is handed over at its 256th.
     */
    public static final long WARM_UP_REQUESTS_C1 = 256;

    /** The fewest requests a warm-up answers before services that compile under {@code jit} can be steady. */
    public static long warmUpRequests(JitPolicy jit) {
        return jit == JitPolicy.FULL ? WARM_UP_REQUESTS_C2 : WARM_UP_REQUESTS_C1;
    }

    /**
     * The same by the words results use for how a JVM compiles ({@code full}, {@code c1}, {@code interpreter}): an
     * interpreted JVM compiles nothing, so no count of requests is waited for.
     */
    public static long warmUpRequests(String jit) {
        return jit.equals(INTERPRETED) ? 0 : warmUpRequests(JitPolicy.ofLabel(jit));
    }

    /** How results name a JVM that compiles nothing ({@code -Xint}). */
    public static final String INTERPRETED = "interpreter";

    /** A study's warm-up is judged window by window, each this long. */
    public static final Duration STUDY_WARM_UP_WINDOW = Duration.ofSeconds(2);

    /**
     * An experiment's warm-up is judged window by window, each this long, and ends after the first window in which
     * its services are steady (at least {@link #warmUpRequests(JitPolicy)} answered, every service's JIT under
     * {@link #JIT_BUSY_SHARE_OF_A_CORE} of a core, the users' throughput within {@link #STEADY_THROUGHPUT} of the
     * window's before), or at the experiment's declared length, its cap. A second holds a few answers of every
     * user at the longest D an experiment declares here (0.4 s).
     */
    public static final Duration WARM_UP_WINDOW = Duration.ofSeconds(1);

    /** How far two successive warm-up windows' throughput may differ, as a share, for the service to be steady. */
    public static final double STEADY_THROUGHPUT = 0.05;

    public static final int STUDY_WARM_UP_USERS = 4;

    /**
     * How long one user sends a study's requests one at a time to time one alone (R0), window after window, until
     * {@link #STUDY_LONE_REQUESTS} are answered or {@link #STUDY_LONE_WINDOWS} windows are spent. A time rather than
     * a count: 20 requests of a sub-millisecond service timed its connection set-up and colder code (R0 0.65 ms
     * against 0.21 ms over the 1-user step that followed), a second of them times the request.
     */
    public static final Duration STUDY_LONE_WINDOW = Duration.ofSeconds(1);

    /** The lone requests a study answers before its R0 is taken: a mean of ten requests of a 100 ms service. */
    public static final int STUDY_LONE_REQUESTS = 10;

    /** The most windows of lone requests: a service of 400 ms answers 5 requests in two. */
    public static final int STUDY_LONE_WINDOWS = 2;

    /** A study's client timeout: a request slower than this counts as failed. */
    public static final Duration STUDY_REQUEST_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Whether a study measures its capacity model's advice again: where a pool that a Spring property sizes held
     * the load back, a second variant with the size the model asks for, the same steps, the prediction held against
     * the measurement ({@code --no-verify} to skip).
     */
    public static final boolean STUDY_VERIFY = true;

    /** What one fork of a study's variant may take, start-up included: it stops rising when the next step would not fit. */
    public static final Duration STUDY_BUDGET = Duration.ofMinutes(5);

    /**
     * How many JVMs (forks) each variant of a study runs in, one after another and interleaved across the variants
     * (a1 b1 a2 b2 a3 b3), each warmed up on its own: the same settings in two JVMs of an application differ by tens
     * of per cent on a sub-millisecond page (its JIT's decisions, its memory's layout, the host), so a figure is the
     * mean over its forks with an interval, and a decision is made only where the intervals allow. Three is the
     * fewest whose interval is of use (Student's t of 4.3 at 95 %, 12.7 for two).
     */
    public static final int STUDY_FORKS = 3;

    /** The most forks a study runs of each variant: past some ten, an interval narrows by less than a fork costs. */
    public static final int MOST_FORKS = 20;

    /** The confidence level of every interval over forks, in per cent: a figure's mean lies in it 95 times in 100. */
    public static final int CONFIDENCE_PERCENT = 95;

    /** The same as a share, as the statistics take it. */
    public static final double CONFIDENCE = CONFIDENCE_PERCENT / 100.0;

    /** How long an application may take to start before the lab gives up on it: some take a minute. */
    public static final Duration APPLICATION_START_TIMEOUT = Duration.ofSeconds(120);

    /** A step whose failed share is above this ends a study's rise: errors, not queues, are the answer. */
    public static final double STUDY_FAILED_SHARE = 0.01;

    /** How many values a sweep's range {@code a..b} takes when it does not say {@code :steps}. */
    public static final int SWEEP_STEPS = 6;

    /** The users a sweep of an application's property holds at every value: enough to fill a pool of 8 twice. */
    public static final int SWEEP_USERS = 16;

    private Defaults() {}
}
