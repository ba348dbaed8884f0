package org.concurrencylab.agent;

import java.lang.instrument.Instrumentation;

/**
 * {@code -javaagent:lab-agent.jar[=port-file=PATH,interval-ms=N]}: the lab's probe inside an application
 * that knows nothing of the lab. It transforms no class; the instrumentation only lets it list the
 * application's loaded classes, to name the Spring Boot it runs.
 */
public final class LabAgent {

    private static volatile AgentProbe running;

    private LabAgent() {
    }

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
        try {
            running = AgentProbe.start(options, instrumentation);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("lab-agent: could not open its port on 127.0.0.1: " + e.getMessage(), e);
        }
    }
}
