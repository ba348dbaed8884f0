package org.concurrencylab.services.downstream;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.Environment;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * A port of its own for each stand-in named in {@code lab.standin.names}, on 127.0.0.1: a call to any path
 * there is answered as {@code /standin/{name}/{setting}/<path>} on the service's own handler (its filters and
 * timers included), so an application can be given the stand-in as a bare {@code http://127.0.0.1:<port>}, as
 * it would be given a real service's root, whatever it appends or keeps of that address. Each stand-in's
 * setting (the latency and its distribution, {@code 0/fixed} until said) is changed between variants without a
 * restart; the ports are bound when the service starts and released when it stops.
 */
@Component
class StandInPorts implements SmartLifecycle {

    static final String NAMES = "lab.standin.names";
    private static final String FIRST_SETTING = "0/fixed";

    private final ObjectProvider<HttpHandler> handler;
    private final List<String> names;
    private final Map<String, String> settings = new ConcurrentHashMap<>();
    private final Map<String, DisposableServer> servers = new LinkedHashMap<>();

    /** The handler is the one the service's own port uses, taken when the ports open (it routes here too). */
    StandInPorts(ObjectProvider<HttpHandler> handler, Environment environment) {
        this.handler = handler;
        this.names = List.of(environment.getProperty(NAMES, String[].class, new String[0]));
        names.forEach(name -> settings.put(name, FIRST_SETTING));
    }

    /** Each stand-in's port, by name. */
    Map<String, Integer> ports() {
        Map<String, Integer> ports = new LinkedHashMap<>();
        servers.forEach((name, server) -> ports.put(name, server.port()));
        return ports;
    }

    /** Whether the service has a stand-in of this name. */
    boolean serves(String name) {
        return settings.containsKey(name);
    }

    /** From the next call on, the stand-in answers after this latency, drawn as the distribution says. */
    void set(String name, long millis, String distribution) {
        settings.put(name, millis + "/" + distribution);
    }

    @Override
    public synchronized void start() {
        HttpHandler service = handler.getObject();
        for (String name : names) {
            HttpHandler ownPort = (request, response) -> service.handle(underStandIn(name, request), response);
            servers.put(
                    name,
                    HttpServer.create()
                            .host("127.0.0.1")
                            .port(0)
                            .handle(new ReactorHttpHandlerAdapter(ownPort))
                            .bindNow(Duration.ofSeconds(10)));
        }
    }

    private ServerHttpRequest underStandIn(String name, ServerHttpRequest request) {
        String path = request.getPath().pathWithinApplication().value();
        return request.mutate()
                .path("/standin/" + name + "/" + settings.get(name) + (path.startsWith("/") ? path : "/" + path))
                .build();
    }

    @Override
    public synchronized void stop() {
        servers.values().forEach(DisposableServer::disposeNow);
        servers.clear();
    }

    @Override
    public synchronized boolean isRunning() {
        return !servers.isEmpty();
    }
}
