package org.concurrencylab.runner;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.concurrencylab.driver.ClosedLoopDriver;
import org.concurrencylab.driver.ClosedModel;
import org.concurrencylab.driver.OpenLoopDriver;
import org.concurrencylab.driver.OpenModel;
import org.concurrencylab.driver.Progress;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.runner.machine.LabCompiler;

/**
 * Runs the lab's own load drivers hot once per JVM (each command is one), against a throw-away server
 * inside the lab, before any service is measured. Measured here: the closed driver's first round in a fresh JVM
 * added 8-12 ms to a 150 ms mean, all of it client code still being compiled, and the first variant
 * of a run paid it. The server is the JDK's own: it answers at once, so the drivers' code, not a
 * service's, is what gets compiled, and no service sees a request it did not ask for.
 */
public final class DriverWarmUp {

    private static final byte[] ANSWER = "42".getBytes(StandardCharsets.US_ASCII);
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final Duration CLOSED_LOAD = Duration.ofMillis(800);
    private static final int USERS = 20;
    private static final Duration COMPILER_POLL = Duration.ofMillis(250);
    private static final int QUIET_POLLS = 3;
    private static final Duration COMPILER_QUIET_AT_MOST = Duration.ofSeconds(8);
    /**
     * Measured: after 0.8 s of it, the lab's JVM still spent 0.6-3.6 ms of CPU per request while driving
     * the first variants (its compiler finishing the connection path), against 0-0.2 ms once warm, and
     * that alone made Tomcat-200's 100-user step machine-bound.
     */
    private static final Duration NEW_CONNECTIONS_LOAD = Duration.ofMillis(3000);

    private static final Duration OPEN_LOAD = Duration.ofMillis(500);

    /**
     * What the warm-up is for, the JIT's code of the drivers, lives as long as the JVM: a second run in the same JVM
     * (the tests and ./lab bench make several) would spend 5-13 s compiling nothing new.
     */
    private static final AtomicBoolean WARM = new AtomicBoolean();

    private DriverWarmUp() {}

    public static void run() throws InterruptedException {
        if (WARM.get()) {
            return;
        }
        ExecutorService handlers = Executors.newFixedThreadPool(
                4,
                Thread.ofPlatform().name("lab-driver-warm-up-", 0).daemon(true).factory());
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            handlers.shutdownNow();
            return; // the measured steps run all the same, only the first with a colder client
        }
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, ANSWER.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(ANSWER);
            }
        });
        server.setExecutor(handlers);
        server.start();
        try {
            URI target = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
            // both ways of holding connections, whichever the experiments use; the new connection per
            // request longest, since it is the default and the most code
            for (Connections connections : Connections.values()) {
                Duration closed = connections == Connections.NEW_PER_REQUEST ? NEW_CONNECTIONS_LOAD : CLOSED_LOAD;
                new ClosedLoopDriver()
                        .run(
                                target,
                                ClosedModel.custom(USERS, TIMEOUT)
                                        .heldFor(closed)
                                        .connections(connections)
                                        .build(),
                                Progress.NONE);
                new OpenLoopDriver().run(target, new OpenModel(500, OPEN_LOAD, TIMEOUT, connections), Progress.NONE);
            }
        } finally {
            server.stop(0);
            handlers.shutdownNow();
        }
        awaitCompilerQuiet();
        WARM.set(true);
    }

    /**
     * The compiler works behind the load: measured here, right after the warm-up load the lab's JVM
     * still spent 6 ms of CPU per request of the first step, against 0-0.3 ms later. So the first
     * variant waits until the compilers have finished nothing new for a while, at most a few seconds.
     */
    private static void awaitCompilerQuiet() throws InterruptedException {
        LabCompiler.awaitQuiet(COMPILER_POLL, QUIET_POLLS, 0.05, COMPILER_QUIET_AT_MOST);
    }
}
