package org.concurrencylab.services.blockingio.mvc;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.concurrencylab.services.blockingio.BlockingDownstream;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * Servlet async by hand: the worker returns at once and an unbounded cached pool waits out the call,
 * the way the article wrote it without Reactor.
 */
@RestController
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnProperty(name = "lab.handler", havingValue = "deferred-result")
class DeferredValueController implements AutoCloseable {

    private final BlockingDownstream downstream;
    private final ExecutorService cachedPool = Executors.newCachedThreadPool(
            Thread.ofPlatform().name("deferred-result-", 0).factory());

    DeferredValueController(BlockingDownstream downstream) {
        this.downstream = downstream;
    }

    @GetMapping("/value")
    DeferredResult<String> value() {
        DeferredResult<String> result = new DeferredResult<>();
        CompletableFuture.supplyAsync(downstream::fetchValue, cachedPool).whenComplete((value, failure) -> {
            if (failure != null) {
                result.setErrorResult(failure);
            } else {
                result.setResult(value);
            }
        });
        return result;
    }

    @Override
    public void close() {
        cachedPool.shutdownNow();
    }
}
