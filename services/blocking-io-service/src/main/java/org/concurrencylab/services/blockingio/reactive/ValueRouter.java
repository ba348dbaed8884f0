package org.concurrencylab.services.blockingio.reactive;

import static org.springframework.web.reactive.function.server.RequestPredicates.GET;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import org.concurrencylab.services.blockingio.BlockingDownstream;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** The same handler as {@link FromCallableController}, declared as a functional route. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnProperty(name = "lab.handler", havingValue = "router")
class ValueRouter {

    @Bean
    RouterFunction<ServerResponse> valueRoute(BlockingDownstream downstream, SchedulerChoice schedulerChoice) {
        return route(
                GET("/value"),
                request -> ServerResponse.ok()
                        .body(schedulerChoice.apply(Mono.fromCallable(downstream::fetchValue)), String.class));
    }
}
