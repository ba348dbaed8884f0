package org.concurrencylab.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code -javaagent:lab-agent.jar[=port-file=PATH,interval-ms=N]}: the lab's probe inside an application
 * that knows nothing of the lab. It transforms no class; the instrumentation only lets it list the
 * application's loaded classes, to name the Spring Boot it runs.
 */
public final class LabAgent {

    private static volatile AgentProbe running;

    private LabAgent() {}

    public static void premain(String arguments, Instrumentation instrumentation) {
        start(arguments, instrumentation);
    }

    /** Attached to a JVM that already runs (the JDK's attach API). */
    public static void agentmain(String arguments, Instrumentation instrumentation) {
        start(arguments, instrumentation);
    }

    private static synchronized void start(String arguments, Instrumentation instrumentation) {
        if (running != null) {
            return; // attached twice: one probe is enough
        }
        // a wrong option is the caller's mistake: refuse it loudly rather than probe half
        AgentOptions options = AgentOptions.parse(arguments);
        if (!options.probe()) {
            options.parentPid().ifPresent(AgentProbe::endWith);
            return;
        }
        // Started from a daemon thread: the JDK's HTTP server and JFR's event stream give the threads they make
        // their maker's daemon flag, so none of the probe's threads keeps alive an application whose main has
        // returned or whose start failed; it ends as it would without the agent.
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread starter = Thread.ofPlatform().daemon().name("lab-agent-start").start(() -> {
            try {
                outcome.set(AgentProbe.start(options, instrumentation));
            } catch (IOException | RuntimeException e) {
                outcome.set(e);
            }
        });
        try {
            starter.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("lab-agent: interrupted while starting", e);
        }
        if (outcome.get() instanceof AgentProbe probe) {
            running = probe;
        } else if (outcome.get() instanceof IOException e) {
            throw new IllegalStateException("lab-agent: could not open its port on 127.0.0.1: " + e.getMessage(), e);
        } else {
            throw (RuntimeException) outcome.get();
        }
    }
}
