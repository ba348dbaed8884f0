package org.concurrencylab.services.fanout.reactive;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import org.concurrencylab.services.fanout.FanOutProperties;
import org.concurrencylab.services.fanout.User;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * The non-blocking variant: WebFlux on Netty, both calls through WebClient at once, joined with
 * {@code Mono.zip}. No thread waits for the metadata service; the event loops only move bytes.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class ReactiveUsersConfiguration {

    @Bean
    RouterFunction<ServerResponse> users(FanOutProperties properties) {
        WebClient metadata =
                WebClient.builder().baseUrl(properties.metadata().toString()).build();
        return route().GET("/users/{userId}", request -> {
                    String userId = request.pathVariable("userId");
                    Mono<String> name = metadata.get()
                            .uri("/metadata/names/{id}", userId)
                            .retrieve()
                            .bodyToMono(String.class);
                    Mono<String> phoneNumber = metadata.get()
                            .uri("/metadata/phoneNumbers/{id}", userId)
                            .retrieve()
                            .bodyToMono(String.class);
                    return Mono.zip(name, phoneNumber, (n, p) -> new User(userId, n, p))
                            .flatMap(user -> ServerResponse.ok().bodyValue(user));
                })
                .build();
    }
}
