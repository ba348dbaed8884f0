package org.concurrencylab.services.blockingio.reactive;

import java.util.concurrent.Executors;
import org.springframework.boot.context.properties.ConfigurationProperties;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Where a reactive handler runs its blocking call: {@code none} (on the thread that subscribes:
 * the event loop on Netty, the worker on Tomcat), {@code elastic} (an unbounded cached pool, as
 * Reactor's removed {@code Schedulers.elastic()} was), or {@code bounded-elastic} (today's
 * {@code Schedulers.boundedElastic()}, capped at 10 x CPUs).
 */
@ConfigurationProperties("lab.reactive")
public record SchedulerChoice(String scheduler) {

    public SchedulerChoice {
        scheduler = scheduler == null ? "none" : scheduler;
        if (!scheduler.matches("none|elastic|bounded-elastic")) {
            throw new IllegalArgumentException(
                    "lab.reactive.scheduler must be none, elastic or bounded-elastic, not " + scheduler);
        }
    }

    <T> Mono<T> apply(Mono<T> work) {
        return switch (scheduler) {
            case "elastic" -> work.subscribeOn(Elastic.SCHEDULER);
            case "bounded-elastic" -> work.subscribeOn(Schedulers.boundedElastic());
            default -> work;
        };
    }

    /** Created only when chosen, so that other variants do not show an idle pool. */
    private static final class Elastic {
        static final Scheduler SCHEDULER = Schedulers.fromExecutorService(
                Executors.newCachedThreadPool(
                        Thread.ofPlatform().name("elastic-", 0).daemon(true).factory()),
                "elastic");
    }
}
