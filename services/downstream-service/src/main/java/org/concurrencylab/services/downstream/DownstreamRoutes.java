package org.concurrencylab.services.downstream;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ServerWebInputException;
import reactor.core.publisher.Mono;

/**
 * {@code GET /metadata/names/{id}} and {@code /metadata/phoneNumbers/{id}} answer after D (the
 * fan-out article's metadata service); {@code GET /sleep/{ms}} after the given milliseconds (the
 * servlet-async article's sleep service). The values are derived from the id, so that an answer
 * can be checked and is the same on every run.
 */
@Configuration(proxyBeanMethods = false)
class DownstreamRoutes {

    @Bean
    RouterFunction<ServerResponse> metadata(@Value("${lab.downstream.latency:300ms}") Duration latency) {
        return route().GET("/metadata/names/{id}", request -> after(latency, "user-" + id(request)))
                .GET("/metadata/phoneNumbers/{id}", request -> after(latency, phoneNumber(id(request))))
                .GET("/sleep/{millis}", request -> after(Duration.ofMillis(millis(request)), "slept"))
                .build();
    }

    private static Mono<ServerResponse> after(Duration latency, String body) {
        return Mono.delay(latency).then(ServerResponse.ok().bodyValue(body));
    }

    private static String id(ServerRequest request) {
        return request.pathVariable("id");
    }

    private static long millis(ServerRequest request) {
        long millis;
        try {
            millis = Long.parseLong(request.pathVariable("millis"));
        } catch (NumberFormatException e) {
            millis = -1;
        }
        if (millis < 0 || millis > 600_000) {
            throw new ServerWebInputException("sleep takes 0 to 600000 ms");
        }
        return millis;
    }

    private static String phoneNumber(String id) {
        return String.format("+1-555-%04d", Math.floorMod(id.hashCode(), 10_000));
    }
}
