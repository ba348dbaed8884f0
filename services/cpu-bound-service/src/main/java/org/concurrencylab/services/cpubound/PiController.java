package org.concurrencylab.services.cpubound;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * {@code GET /calcpireactive[?itr=N]}: pi over N terms (by default the calibrated count times the work factor), computed in
 * {@code Mono.just(...).map(...)}, subscribed on the variant's scheduler or, without one, on the
 * Tomcat thread that handles the request.
 */
@RestController
class PiController implements DisposableBean {

    record Result(long iterations, double pi, String thread) {}

    /** A request's terms: the calibrated unit times the variant's work factor. */
    private final long termsPerRequest;

    private final @Nullable Scheduler scheduler;
    private final @Nullable ExecutorService virtualThreads;

    PiController(CpuBoundProperties properties, PiCalculator calculator) {
        this.termsPerRequest = Math.max(1, Math.round(calculator.termsPerRequest() * properties.workFactor()));
        this.virtualThreads = properties.scheduler() == CpuBoundProperties.Scheduler.VIRTUAL
                ? Executors.newThreadPerTaskExecutor(
                        Thread.ofVirtual().name("pi-virtual-", 1).factory())
                : null;
        this.scheduler = switch (properties.scheduler()) {
            case NONE -> null;
            case PARALLEL ->
                Schedulers.newParallel(
                        "pi", properties.parallelism() > 0 ? properties.parallelism() : properties.realCpus());
            case VIRTUAL -> Schedulers.fromExecutorService(virtualThreads, "pi-virtual");
        };
    }

    @GetMapping("/calcpireactive")
    Mono<Result> calcPi(@RequestParam(name = "itr", required = false) Long iterations) {
        long terms = iterations == null ? termsPerRequest : iterations;
        Mono<Result> work = Mono.just(terms)
                .map(n ->
                        new Result(n, PiCalculator.pi(n), Thread.currentThread().getName()));
        return scheduler == null ? work : work.subscribeOn(scheduler);
    }

    @Override
    public void destroy() {
        if (scheduler != null) {
            scheduler.dispose();
        }
        if (virtualThreads != null) {
            virtualThreads.shutdownNow();
        }
    }
}
