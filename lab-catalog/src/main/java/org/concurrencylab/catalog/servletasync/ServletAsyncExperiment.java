package org.concurrencylab.catalog.servletasync;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.concurrencylab.catalog.Downstream;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.ExperimentDeclaration;
import org.concurrencylab.catalog.Origin;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.VariantProperties;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.RequestPaths;
import org.concurrencylab.catalog.load.WarmUp;
import org.concurrencylab.catalog.model.CapacityModel.PoolPerPath;
import org.concurrencylab.catalog.model.CapacityModel.SharedPool;
import org.concurrencylab.catalog.model.CapacityModel.Unbounded;
import org.concurrencylab.results.step.SeedFigure;

/**
 * SPEC section 3, after "Servlet 3.0 async support in Spring and performance misconceptions": Tomcat
 * with 10 threads calls a sleep service (D = 1 s) per request, blocking or from a Callable, under 20
 * requests a second for 60 s.
 */
public final class ServletAsyncExperiment implements ExperimentDeclaration {

    static final String NAME = "servlet-async";
    static final String ARTICLE = "Servlet 3.0 async support in Spring and performance misconceptions";

    // the variants, by the names claims, sweeps and findings look them up with
    static final String BLOCKING_10 = "blocking-10";
    static final String CALLABLE_10_UNBOUNDED = "callable-10-unbounded";
    static final String BLOCKING_39 = "blocking-39";
    static final String CALLABLE_10_BOOT_DEFAULT = "callable-10-boot-default";
    static final String BLOCKING_VIRTUAL_THREADS = "blocking-virtual-threads";
    static final String DEFERRED_RESULT_WEBCLIENT = "deferred-result-webclient";
    static final String BLOCKING_39_IDLE_2D = "blocking-39-idle-2d";
    /** The idle time, in D, after which Tomcat deletes a worker above its min-spare in that variant. */
    static final int WORKER_IDLE_IN_D = 2;

    static final String TWO_APPS_BLOCKING_10 = "two-apps-blocking-10";
    static final String TWO_APPS_OWN_POOLS_10 = "two-apps-own-pools-10";
    /** The first application's path, the experiment's own. */
    static final String FIRST_APP = "/ruleTheWorld";
    /** The second application's, a context of its own on the same Tomcat. */
    static final String SECOND_APP = "/neighbour/ruleTheWorld";
    /** The article's two services, one needing ten times the other's: ten requests to the first for one to the second. */
    static final int FIRST_APP_SHARE = 10;
    /**
     * The second application's own pool: its share of the load holds 20/s x 1/11 x D = 1.8 calls at once
     * (2 at most on the load's even schedule); twice that.
     */
    static final int SECOND_APP_THREADS = 4;

    static final LoadStep.Open LOAD = new LoadStep.Open(20, Duration.ofSeconds(60));

    /** Found by the catalog through {@link ServiceLoader}. */
    public ServletAsyncExperiment() {}

    @Override
    public Experiment declare() {
        return create();
    }

    static Experiment create() {
        return Experiment.custom(NAME)
                .article(
                        ARTICLE,
                        "002_6109a3ab95499e96.txt",
                        "A call of D = 1 s per request on 10 Tomcat threads: a Callable frees the threads, but so do 39 threads, and today's executor has 8.")
                .service("servlet-async-service", FIRST_APP)
                .downstream(new Downstream("downstream-service", "/sleep/1"))
                .downstreamLatency(Duration.ofSeconds(1))
                .requestTimeout(Duration.ofSeconds(60))
                // as fan-out: at S = 0.3 the request path's CPU stays a few per cent of D
                .scale(0.3)
                .warmUp(new WarmUp(20, 30))
                .steps(LOAD)
                .variants(variants())
                .claims(ServletAsyncClaims.claims())
                .build();
    }

    private static List<Variant> variants() {
        SharedPool tomcat = new SharedPool("Tomcat worker", "tomcatMaxThreads", cpus -> 10);
        return List.of(
                Variant.custom(BLOCKING_10, "The Tomcat thread calls and waits; 10 threads")
                        .origin(Origin.SEED)
                        .properties(VariantProperties.servlet("lab.servlet-async.handler", "blocking"))
                        .capacity(tomcat)
                        .seed(Map.of(LOAD.label(), seed(null, 56_700.0, "timeouts")))
                        .build(),
                Variant.custom(
                                CALLABLE_10_UNBOUNDED,
                                "Returns a Callable, run on the article's unbounded executor (a thread per Callable)")
                        .origin(Origin.SEED)
                        .properties(VariantProperties.servlet(
                                "lab.servlet-async.handler", "callable", "lab.servlet-async.executor", "unbounded"))
                        .capacity(new Unbounded("a new thread per Callable"))
                        .seed(Map.of(LOAD.label(), seed(null, 1_037.0, "1200 of 1200 OK, about 29 more threads")))
                        // blocking-39-more-threads-at-rest reads the threads it kept
                        .threadsAfterLoad()
                        .build(),
                Variant.custom(BLOCKING_39, "The Tomcat thread calls and waits; 39 threads")
                        .origin(Origin.SEED)
                        .properties(VariantProperties.servlet(
                                "lab.servlet-async.handler", "blocking", "server.tomcat.threads.max", "39"))
                        .capacity(new SharedPool("Tomcat worker", "tomcatMaxThreads", cpus -> 39))
                        .seed(Map.of(LOAD.label(), seed(null, null, "slightly faster than Callable, less heap")))
                        // the threads it kept: at rest, as Tomcat keeps them, and against the idle deletion
                        .threadsAfterLoad()
                        .build(),
                Variant.custom(
                                BLOCKING_39_IDLE_2D,
                                "The Tomcat thread calls and waits; 39 threads, each deleted after "
                                        + WORKER_IDLE_IN_D
                                        + " D idle (Tomcat's own 60 s is longer than the rest after the load)")
                        .origin(Origin.SEED)
                        .properties(VariantProperties.servlet(
                                "lab.servlet-async.handler",
                                "blocking",
                                "server.tomcat.threads.max",
                                "39",
                                "lab.servlet-async.worker-idle-in-d",
                                String.valueOf(WORKER_IDLE_IN_D)))
                        .capacity(new SharedPool("Tomcat worker", "tomcatMaxThreads", cpus -> 39))
                        // tomcat-deletes-idle-workers reads the workers left after the rest
                        .threadsAfterLoad()
                        .build(),
                Variant.custom(
                                CALLABLE_10_BOOT_DEFAULT,
                                "Returns a Callable, run on Boot 4's default executor (8 threads, unbounded queue)")
                        .origin(Origin.MODERN)
                        .properties(VariantProperties.servlet(
                                "lab.servlet-async.handler", "callable", "lab.servlet-async.executor", "boot-default"))
                        .capacity(new SharedPool("mvc-async", "mvcAsyncMaxThreads", cpus -> 8))
                        .build(),
                Variant.custom(
                                BLOCKING_VIRTUAL_THREADS,
                                "The request's thread calls and waits, on a virtual thread per request")
                        .origin(Origin.MODERN)
                        .properties(VariantProperties.servlet(
                                "lab.servlet-async.handler", "blocking", "spring.threads.virtual.enabled", "true"))
                        .capacity(new Unbounded("a virtual thread per request"))
                        .build(),
                Variant.custom(
                                DEFERRED_RESULT_WEBCLIENT,
                                "Returns a DeferredResult that a non-blocking WebClient completes")
                        .origin(Origin.MODERN)
                        .properties(VariantProperties.servlet("lab.servlet-async.handler", "deferred-result"))
                        .capacity(new Unbounded("no thread waits for the call"))
                        .build(),
                Variant.custom(
                                TWO_APPS_BLOCKING_10,
                                "Two applications on one Tomcat of 10 threads, the first asked ten times as often; "
                                        + "each waits for its call on the Tomcat thread")
                        .origin(Origin.SEED)
                        .properties(VariantProperties.servlet(
                                "lab.servlet-async.handler",
                                "blocking",
                                "lab.servlet-async.neighbour.mode",
                                "blocking"))
                        .capacity(tomcat)
                        .paths(twoApplications())
                        .build(),
                Variant.custom(
                                TWO_APPS_OWN_POOLS_10,
                                "Two applications on one Tomcat of 10 threads, each in async mode on a pool of its own: "
                                        + "the first's Callables on 10 threads, the second's calls on "
                                        + SECOND_APP_THREADS)
                        .origin(Origin.SEED)
                        .properties(VariantProperties.servlet(
                                "lab.servlet-async.handler",
                                "callable",
                                "lab.servlet-async.executor",
                                "boot-default",
                                "spring.task.execution.pool.core-size",
                                "10",
                                "lab.servlet-async.neighbour.mode",
                                "own-pool",
                                "lab.servlet-async.neighbour.threads",
                                String.valueOf(SECOND_APP_THREADS)))
                        .capacity(new PoolPerPath(List.of(
                                new PoolPerPath.PathPool(
                                        twoApplications().shareOf(FIRST_APP),
                                        new SharedPool("mvc-async", "mvcAsyncMaxThreads", cpus -> 10)),
                                new PoolPerPath.PathPool(
                                        twoApplications().shareOf(SECOND_APP),
                                        new SharedPool("neighbour", "neighbourThreads", cpus -> SECOND_APP_THREADS)))))
                        .paths(twoApplications())
                        .build());
    }

    private static RequestPaths twoApplications() {
        return RequestPaths.of(FIRST_APP, FIRST_APP_SHARE).and(SECOND_APP, 1).build();
    }

    private static SeedFigure seed(Double meanMillis, Double p95Millis, String note) {
        return SeedFigure.ofArticle(ARTICLE, null, meanMillis, p95Millis, note);
    }
}
