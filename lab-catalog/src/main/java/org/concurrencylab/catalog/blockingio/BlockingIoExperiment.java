package org.concurrencylab.catalog.blockingio;

import static java.lang.String.format;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.ExperimentDeclaration;
import org.concurrencylab.catalog.Origin;
import org.concurrencylab.catalog.SweepClaim;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.VariantProperties;
import org.concurrencylab.catalog.claim.Bench;
import org.concurrencylab.catalog.claim.Finding;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.WarmUp;
import org.concurrencylab.catalog.model.CapacityModel.EventLoops;
import org.concurrencylab.catalog.model.CapacityModel.SharedPool;
import org.concurrencylab.catalog.model.CapacityModel.Unbounded;
import org.concurrencylab.results.step.SeedFigure;
import org.concurrencylab.results.step.StepResult;

/**
 * SPEC section 1, after "Resources utilization in reactive services": a handler that blocks for D,
 * served by MVC, WebFlux, Tomcat or Netty, under 10 and then 100 siege-like users.
 */
public final class BlockingIoExperiment implements ExperimentDeclaration {

    /** What the sweeps' spreads moved over: three runs of {@code ./lab sweep blocking-io}, nothing else running. */
    static final Bench SWEEP_BENCH = Bench.of(3, "2026-11-28");

    static final String NAME = "blocking-io";
    static final String ARTICLE = "Resources utilization in reactive services";

    // the variants, by the names claims, sweeps and findings look them up with
    static final String MVC_TOMCAT_20 = "mvc-tomcat-20";
    static final String MVC_TOMCAT_200 = "mvc-tomcat-200";
    static final String WEBFLUX_NETTY_BLOCKING = "webflux-netty-blocking";
    static final String WEBFLUX_NETTY_ELASTIC = "webflux-netty-elastic";
    static final String WEBFLUX_TOMCAT_ELASTIC = "webflux-tomcat-elastic";
    static final String WEBFLUX_TOMCAT_BLOCKING = "webflux-tomcat-blocking";
    static final String WEBFLUX_TOMCAT_ROUTER = "webflux-tomcat-router";
    static final String MVC_DEFERRED_RESULT = "mvc-deferred-result";
    static final String WEBFLUX_NETTY_BOUNDED_ELASTIC = "webflux-netty-bounded-elastic";
    static final String MVC_VIRTUAL_THREADS = "mvc-virtual-threads";
    static final String WEBFLUX_NETTY_DELAY = "webflux-netty-delay";
    /** The light step: 10 users, whose number is its bound. */
    static final LoadStep.Closed LIGHT_STEP = new LoadStep.Closed(10, 10);

    static final String LIGHT = LIGHT_STEP.label();
    static final String HEAVY = "100x10";

    /** Reactor Netty's default: max(CPUs, 4) event loops. */
    static final EventLoops NETTY_LOOPS = new EventLoops("nettyEventLoops", cpus -> Math.max(cpus, 4));

    static final SharedPool TOMCAT_WORKERS = new SharedPool("Tomcat worker", "tomcatMaxThreads", cpus -> 200);

    /** Found by the catalog through {@link ServiceLoader}. */
    public BlockingIoExperiment() {}

    @Override
    public Experiment declare() {
        return create();
    }

    static Experiment create() {
        return Experiment.custom(NAME)
                .article(
                        ARTICLE,
                        "001_da8892cf349cebb5.txt",
                        "A handler blocks for D = 1 s: which thread waits, and how many can wait at once, sets the throughput.")
                .service("blocking-io-service", "/value")
                .downstreamLatency(Duration.ofSeconds(1))
                .requestTimeout(Duration.ofSeconds(30))
                // measured here: at S = 0.4 (D = 400 ms) the request path's CPU leaves every step within 3 %
                // of its bound in 3.5 minutes; at 0.15 the unbounded variants lost 11-22 % to it
                .scale(0.4)
                .warmUp(new WarmUp(100, 5))
                .steps(LIGHT_STEP, new LoadStep.Closed(100, 10))
                .variants(variants())
                .claims(BlockingIoClaims.claims())
                .sweeps(
                        SweepClaim.custom("users-knee")
                                .text(
                                        "20 Tomcat workers stop adding throughput at 20 users: beyond them the users queue")
                                .sweep(MVC_TOMCAT_20, HEAVY, "users=5..200")
                                .knee(20, "20 workers each held D")
                                .articleSaid(
                                        "no knee of its own: past as many concurrent requests as workers, requests queue (9.95 per D at 10 users, 19.92 at 100)")
                                .spreadHere(SWEEP_BENCH.spread("the knee", 20.10, 20.12, "users"))
                                .build(),
                        SweepClaim.custom("workers-knee")
                                .text(
                                        "At 100 users, Tomcat's workers add throughput up to 100 of them and nothing after")
                                // at the default S = 0.4 this machine's CPU took 8-12 % of each point from 44 workers
                                // up
                                // (c = 1.7-2.1 ms a request); at S = 1 the same requests take a smaller share of each D
                                .sweep(MVC_TOMCAT_200, HEAVY, "server.tomcat.threads.max=25,50,75,100,150,200")
                                .scale(1)
                                .knee(100, "100 users, each holding a worker for D")
                                .articleSaid(
                                        "no knee of its own: limited by the workers, queueing past them (19.92 per D on 20, 99.40 on 200)")
                                .spreadHere(SWEEP_BENCH.spread("the knee", 100.41, 100.70, "workers"))
                                .build())
                .findings(List.of(new Finding("nothing-caps-the-elastic-pool", m -> {
                    StepResult step = m.step(WEBFLUX_NETTY_ELASTIC, HEAVY);
                    return format(
                            "Nothing caps the unbounded elastic pool (the article's Schedulers.elastic()): it ran %d "
                                    + "threads for 100 users here, a thread per waiting request, and makes one for every request "
                                    + "a larger load keeps waiting (./lab overload offers ten times the load); today's "
                                    + "boundedElastic stops at 10 threads per CPU and queues the rest.",
                            step.service().threads().peakByPool().getOrDefault("elastic", 0));
                })))
                .build();
    }

    private static List<Variant> variants() {
        return List.of(
                Variant.custom(MVC_TOMCAT_20, "Spring MVC on Tomcat capped at 20 worker threads")
                        .origin(Origin.SEED)
                        .properties(
                                VariantProperties.servlet("server.tomcat.threads.max", "20", "lab.handler", "blocking"))
                        .capacity(new SharedPool("Tomcat worker", "tomcatMaxThreads", cpus -> 20))
                        .seed(Map.of(LIGHT, seed(9.95, 1000, null), HEAVY, seed(19.92, 4820, null)))
                        .build(),
                Variant.custom(MVC_TOMCAT_200, "Spring MVC on Tomcat with its default 200 worker threads")
                        .origin(Origin.SEED)
                        .properties(VariantProperties.servlet(
                                "server.tomcat.threads.max", "200", "lab.handler", "blocking"))
                        .capacity(TOMCAT_WORKERS)
                        .seed(Map.of(HEAVY, seed(99.40, 1000, "about 150 live threads")))
                        // tomcat-200-threads-grow-and-stay reads the workers it kept
                        .threadsAfterLoad()
                        .build(),
                Variant.custom(
                                WEBFLUX_NETTY_BLOCKING,
                                "WebFlux on Netty, blocking inside Mono.fromCallable on the event loop")
                        .origin(Origin.SEED)
                        .properties(VariantProperties.reactive(
                                "lab.handler", "from-callable", "lab.reactive.scheduler", "none"))
                        .capacity(NETTY_LOOPS)
                        .seed(Map.of(HEAVY, seed(7.90, 12010, "8 event loops on 8 CPUs")))
                        .build(),
                Variant.custom(
                                WEBFLUX_NETTY_ELASTIC,
                                "WebFlux on Netty, subscribeOn an unbounded elastic pool (the article's Schedulers.elastic())")
                        .origin(Origin.SEED)
                        .properties(VariantProperties.reactive(
                                "lab.handler", "from-callable", "lab.reactive.scheduler", "elastic"))
                        .capacity(new Unbounded("an unbounded cached pool"))
                        .seed(Map.of(HEAVY, seed(99.40, 1000, null)))
                        .build(),
                Variant.custom(WEBFLUX_TOMCAT_ELASTIC, "WebFlux on Tomcat, subscribeOn the unbounded elastic pool")
                        .origin(Origin.SEED)
                        .properties(VariantProperties.reactiveOnTomcat(
                                "lab.handler", "from-callable", "lab.reactive.scheduler", "elastic"))
                        .capacity(new Unbounded("servlet async frees the worker; an unbounded cached pool waits"))
                        .seed(Map.of(HEAVY, seed(99.30, 1010, "about twice the threads")))
                        .build(),
                Variant.custom(
                                WEBFLUX_TOMCAT_BLOCKING,
                                "WebFlux on Tomcat, Mono.fromCallable without subscribeOn: the worker waits")
                        .origin(Origin.SEED)
                        .properties(VariantProperties.reactiveOnTomcat(
                                "lab.handler", "from-callable", "lab.reactive.scheduler", "none"))
                        .capacity(TOMCAT_WORKERS)
                        .build(),
                Variant.custom(WEBFLUX_TOMCAT_ROUTER, "The same handler as a RouterFunction, WebFlux on Tomcat")
                        .origin(Origin.SEED)
                        .properties(VariantProperties.reactiveOnTomcat(
                                "lab.handler", "router", "lab.reactive.scheduler", "none"))
                        .capacity(TOMCAT_WORKERS)
                        .build(),
                Variant.custom(
                                MVC_DEFERRED_RESULT,
                                "Spring MVC returning DeferredResult completed from a cached thread pool")
                        .origin(Origin.SEED)
                        .properties(VariantProperties.servlet("lab.handler", "deferred-result"))
                        .capacity(new Unbounded("servlet async frees the worker; a cached pool waits"))
                        .build(),
                Variant.custom(
                                WEBFLUX_NETTY_BOUNDED_ELASTIC,
                                "WebFlux on Netty, subscribeOn today's Schedulers.boundedElastic() (10 threads per CPU)")
                        .origin(Origin.MODERN)
                        .properties(VariantProperties.reactive(
                                "lab.handler", "from-callable", "lab.reactive.scheduler", "bounded-elastic"))
                        .capacity(new SharedPool("boundedElastic", "boundedElasticMaxThreads", cpus -> 10 * cpus))
                        .build(),
                Variant.custom(
                                MVC_VIRTUAL_THREADS,
                                "Spring MVC on Tomcat with virtual threads (spring.threads.virtual.enabled)")
                        .origin(Origin.MODERN)
                        .properties(VariantProperties.servlet(
                                "spring.threads.virtual.enabled", "true", "lab.handler", "blocking"))
                        .capacity(new Unbounded("a virtual thread per request"))
                        .build(),
                Variant.custom(
                                WEBFLUX_NETTY_DELAY,
                                "WebFlux on Netty with a non-blocking wait (Mono.delay): no thread is held")
                        .origin(Origin.MODERN)
                        .properties(VariantProperties.reactive("lab.handler", "delay"))
                        .capacity(new Unbounded("no thread is held while waiting"))
                        .build());
    }

    private static SeedFigure seed(double throughput, double meanMillis, String note) {
        return SeedFigure.ofArticle(ARTICLE, throughput, meanMillis, null, note);
    }
}
