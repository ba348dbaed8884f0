package org.concurrencylab.services.blockingio.mvc;

import org.concurrencylab.services.blockingio.BlockingDownstream;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Thread per request: the servlet container's worker (platform or virtual) waits out the call. */
@RestController
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnProperty(name = "lab.handler", havingValue = "blocking")
class BlockingValueController {

    private final BlockingDownstream downstream;

    BlockingValueController(BlockingDownstream downstream) {
        this.downstream = downstream;
    }

    @GetMapping("/value")
    String value() {
        return downstream.fetchValue();
    }
}
