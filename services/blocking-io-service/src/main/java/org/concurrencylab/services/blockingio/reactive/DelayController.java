package org.concurrencylab.services.blockingio.reactive;

import org.concurrencylab.services.blockingio.BlockingDownstream;
import org.concurrencylab.services.blockingio.DownstreamProperties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** A truly non-blocking wait: a timer completes the answer after D, no thread is held meanwhile. */
@RestController
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnProperty(name = "lab.handler", havingValue = "delay")
class DelayController {

    private final DownstreamProperties downstream;

    DelayController(DownstreamProperties downstream) {
        this.downstream = downstream;
    }

    @GetMapping("/value")
    Mono<String> value() {
        return Mono.delay(downstream.latency()).thenReturn(BlockingDownstream.VALUE);
    }
}
