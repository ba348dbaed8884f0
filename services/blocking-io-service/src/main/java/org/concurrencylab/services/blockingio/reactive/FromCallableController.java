package org.concurrencylab.services.blockingio.reactive;

import org.concurrencylab.services.blockingio.BlockingDownstream;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The blocking call wrapped in {@code Mono.fromCallable}, optionally moved by {@code subscribeOn}. */
@RestController
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnProperty(name = "lab.handler", havingValue = "from-callable")
class FromCallableController {

    private final BlockingDownstream downstream;
    private final SchedulerChoice schedulerChoice;

    FromCallableController(BlockingDownstream downstream, SchedulerChoice schedulerChoice) {
        this.downstream = downstream;
        this.schedulerChoice = schedulerChoice;
    }

    @GetMapping("/value")
    Mono<String> value() {
        return schedulerChoice.apply(Mono.fromCallable(downstream::fetchValue));
    }
}
