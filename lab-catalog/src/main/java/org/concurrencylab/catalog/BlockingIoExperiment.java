package org.concurrencylab.catalog;

import static java.lang.String.format;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.CapacityModel.EventLoops;
import org.concurrencylab.catalog.CapacityModel.SharedPool;
import org.concurrencylab.catalog.CapacityModel.Unbounded;
import org.concurrencylab.results.SeedFigure;
import org.concurrencylab.results.StepResult;

/**
 * SPEC section 1, after "Resources utilization in reactive services": a handler that blocks for D,
 * served by MVC, WebFlux, Tomcat or Netty, under 10 and then 100 siege-like users.
 */
final class BlockingIoExperiment {

    static final String NAME = "blocking-io";
    static final String ARTICLE = "Resources utilization in reactive services";
    static final String LIGHT = "10x10";
    static final String HEAVY = "100x10";

    /** Reactor Netty's default: max(CPUs, 4) event loops. */
    static final EventLoops NETTY_LOOPS = new EventLoops("nettyEventLoops", cpus -> Math.max(cpus, 4));
    static final SharedPool TOMCAT_WORKERS = new SharedPool("Tomcat worker", "tomcatMaxThreads", cpus -> 200);

    private BlockingIoExperiment() {
    }

    static Experiment create() {
        return Experiment.custom(NAME)
                .article(ARTICLE, "001_da8892cf349cebb5.txt",
                        "A handler blocks for D = 1 s: which thread waits, and how many can wait at once, sets the throughput.")
                .service("blocking-io-service", "/value")
                .downstreamLatency(Duration.ofSeconds(1))
                .requestTimeout(Duration.ofSeconds(30))
                // measured here: at S = 0.4 (D = 400 ms) the request path's CPU leaves every step within 3 %
                // of its bound in 3.5 minutes; at 0.15 the unbounded variants lost 11-22 % to it
                .scale(0.4)
                .warmUp(new WarmUp(100, 5))
                .steps(new LoadStep.Closed(10, 10), new LoadStep.Closed(100, 10))
                .variants(variants())
                .claims(BlockingIoClaims.claims())
                .sweeps(SweepClaim.custom("users-knee")
                                .text("20 Tomcat workers stop adding throughput at 20 users: beyond them the users queue")
                                .sweep("mvc-tomcat-20", HEAVY, "users=5..200").knee(20, "20 workers each held D").build(),
                        SweepClaim.custom("workers-knee")
                                .text("At 100 users, Tomcat's workers add throughput up to 100 of them and nothing after")
                                // at the default S = 0.4 this machine's CPU took 8-12 % of each point from 44 workers up
                                // (c = 1.7-2.1 ms a request); at S = 1 the same requests take a smaller share of each D
                                .sweep("mvc-tomcat-200", HEAVY, "server.tomcat.threads.max=25,50,75,100,150,200").scale(1)
                                .knee(100, "100 users, each holding a worker for D").build())
                .findings(List.of(new Finding("nothing-caps-the-elastic-pool", m -> {
                    StepResult step = m.step("webflux-netty-elastic", HEAVY);
                    return format("Nothing caps the unbounded elastic pool (the article's Schedulers.elastic()): it ran %d "
                                    + "threads for 100 users here, a thread per waiting request, and makes one for every request "
                                    + "a larger load keeps waiting (./lab overload offers ten times the load); today's "
                                    + "boundedElastic stops at 10 threads per CPU and queues the rest.",
                            step.threads().peakByPool().getOrDefault("elastic", 0));
                })))
                .build();
    }

    private static List<Variant> variants() {
        return List.of(
                new Variant("mvc-tomcat-20", "Spring MVC on Tomcat capped at 20 worker threads", Origin.SEED,
                        VariantProperties.servlet("server.tomcat.threads.max", "20", "lab.handler", "blocking"),
                        new SharedPool("Tomcat worker", "tomcatMaxThreads", cpus -> 20),
                        Map.of(LIGHT, seed(9.95, 1000, null), HEAVY, seed(19.92, 4820, null))),
                new Variant("mvc-tomcat-200", "Spring MVC on Tomcat with its default 200 worker threads", Origin.SEED,
                        VariantProperties.servlet("server.tomcat.threads.max", "200", "lab.handler", "blocking"),
                        TOMCAT_WORKERS,
                        Map.of(HEAVY, seed(99.40, 1000, "about 150 live threads"))),
                new Variant("webflux-netty-blocking", "WebFlux on Netty, blocking inside Mono.fromCallable on the event loop",
                        Origin.SEED, VariantProperties.reactive("lab.handler", "from-callable", "lab.reactive.scheduler", "none"),
                        NETTY_LOOPS,
                        Map.of(HEAVY, seed(7.90, 12010, "8 event loops on 8 CPUs"))),
                new Variant("webflux-netty-elastic", "WebFlux on Netty, subscribeOn an unbounded elastic pool (the article's Schedulers.elastic())",
                        Origin.SEED, VariantProperties.reactive("lab.handler", "from-callable", "lab.reactive.scheduler", "elastic"),
                        new Unbounded("an unbounded cached pool"),
                        Map.of(HEAVY, seed(99.40, 1000, null))),
                new Variant("webflux-tomcat-elastic", "WebFlux on Tomcat, subscribeOn the unbounded elastic pool",
                        Origin.SEED, VariantProperties.reactiveOnTomcat("lab.handler", "from-callable", "lab.reactive.scheduler", "elastic"),
                        new Unbounded("servlet async frees the worker; an unbounded cached pool waits"),
                        Map.of(HEAVY, seed(99.30, 1010, "about twice the threads"))),
                new Variant("webflux-tomcat-blocking", "WebFlux on Tomcat, Mono.fromCallable without subscribeOn: the worker waits",
                        Origin.SEED, VariantProperties.reactiveOnTomcat("lab.handler", "from-callable", "lab.reactive.scheduler", "none"),
                        TOMCAT_WORKERS, Map.of()),
                new Variant("webflux-tomcat-router", "The same handler as a RouterFunction, WebFlux on Tomcat",
                        Origin.SEED, VariantProperties.reactiveOnTomcat("lab.handler", "router", "lab.reactive.scheduler", "none"),
                        TOMCAT_WORKERS, Map.of()),
                new Variant("mvc-deferred-result", "Spring MVC returning DeferredResult completed from a cached thread pool",
                        Origin.SEED, VariantProperties.servlet("lab.handler", "deferred-result"),
                        new Unbounded("servlet async frees the worker; a cached pool waits"), Map.of()),
                new Variant("webflux-netty-bounded-elastic", "WebFlux on Netty, subscribeOn today's Schedulers.boundedElastic() (10 threads per CPU)",
                        Origin.MODERN, VariantProperties.reactive("lab.handler", "from-callable", "lab.reactive.scheduler", "bounded-elastic"),
                        new SharedPool("boundedElastic", "boundedElasticMaxThreads", cpus -> 10 * cpus), Map.of()),
                new Variant("mvc-virtual-threads", "Spring MVC on Tomcat with virtual threads (spring.threads.virtual.enabled)",
                        Origin.MODERN, VariantProperties.servlet("spring.threads.virtual.enabled", "true", "lab.handler", "blocking"),
                        new Unbounded("a virtual thread per request"), Map.of()),
                new Variant("webflux-netty-delay", "WebFlux on Netty with a non-blocking wait (Mono.delay): no thread is held",
                        Origin.MODERN, VariantProperties.reactive("lab.handler", "delay"),
                        new Unbounded("no thread is held while waiting"), Map.of()));
    }

    private static SeedFigure seed(double throughput, double meanMillis, String note) {
        return SeedFigure.ofArticle(ARTICLE, throughput, meanMillis, null, note);
    }

}
