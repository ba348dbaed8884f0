package org.concurrencylab.services.downstream;

import static org.springframework.web.reactive.function.server.RequestPredicates.GET;
import static org.springframework.web.reactive.function.server.RequestPredicates.PUT;
import static org.springframework.web.reactive.function.server.RequestPredicates.path;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ServerWebInputException;
import reactor.core.publisher.Mono;

/**
 * Stand-ins for the HTTP services a studied application calls: any method on
 * {@code /standin/{name}/{millis}/{distribution}/**} answers 200 after a latency, with the body
 * {@code lab.standin.<name>.body} ({@code {}} unless said) as JSON. The latency is in the address, so that one
 * stand-in serves every variant and every point of a sweep at its own: {@code fixed} waits the milliseconds,
 * {@code exponential} draws each wait with that mean (at most ten times it). Answered from a timer, never
 * from a blocked thread: thousands of calls wait on a handful of threads.
 *
 * <p>Each stand-in also has a port of its own ({@link StandInPorts}): {@code GET /standins} lists them by name,
 * {@code PUT /standins/{name}/{millis}/{distribution}} sets the latency the port answers after.
 */
@Configuration(proxyBeanMethods = false)
class StandInRoutes {

    /** The longest latency a stand-in is asked for: ten minutes, far beyond any request timeout. */
    static final long MAX_MILLIS = 600_000;
    /** An exponential draw is cut here, in means: a wait beyond it would be one request in 22,000. */
    static final double LONGEST_DRAW = 10;

    private static final String FIXED = "fixed";
    private static final String EXPONENTIAL = "exponential";

    @Bean
    RouterFunction<ServerResponse> standIns(Environment environment, StandInPorts ports) {
        return route(path("/standin/{name}/{millis}/{distribution}/**"), request -> answer(request, environment))
                .andRoute(GET("/standins"), request -> ServerResponse.ok().bodyValue(ports.ports()))
                .andRoute(PUT("/standins/{name}/{millis}/{distribution}"), request -> set(request, ports));
    }

    private static Mono<ServerResponse> set(ServerRequest request, StandInPorts ports) {
        String name = request.pathVariable("name");
        if (!ports.serves(name)) {
            return ServerResponse.notFound().build();
        }
        ports.set(name, millis(request), distribution(request));
        return ServerResponse.noContent().build();
    }

    private static long millis(ServerRequest request) {
        long millis;
        try {
            millis = Long.parseLong(request.pathVariable("millis"));
        } catch (NumberFormatException e) {
            millis = -1;
        }
        if (millis < 0 || millis > MAX_MILLIS) {
            throw new ServerWebInputException("a stand-in waits 0 to " + MAX_MILLIS + " ms");
        }
        return millis;
    }

    private static String distribution(ServerRequest request) {
        String distribution = request.pathVariable("distribution");
        if (!FIXED.equals(distribution) && !EXPONENTIAL.equals(distribution)) {
            throw new ServerWebInputException("a stand-in's latency is fixed or exponential");
        }
        return distribution;
    }

    /** One call's wait: exactly the milliseconds, or drawn with that mean. */
    private static Duration wait(long millis, String distribution) {
        return FIXED.equals(distribution)
                ? Duration.ofMillis(millis)
                : Duration.ofNanos(Math.round(Math.min(
                                LONGEST_DRAW,
                                -Math.log(1 - ThreadLocalRandom.current().nextDouble()))
                        * millis
                        * 1e6));
    }

    private static Mono<ServerResponse> answer(ServerRequest request, Environment environment) {
        String name = request.pathVariable("name");
        Duration wait = wait(millis(request), distribution(request));
        String body = environment.getProperty("lab.standin." + name + ".body", "{}");
        // the request's own body is read and let go, as a real service would before answering
        return request.bodyToMono(byte[].class)
                .then(Mono.delay(wait))
                .then(ServerResponse.ok()
                        .contentType(MediaType.APPLICATION_JSON)
                        .bodyValue(body));
    }
}
