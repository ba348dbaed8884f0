package org.concurrencylab.runner.process;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The environment a JVM the lab starts is given: the few variables a process needs to run, taken from
 * the lab's own, and what the lab itself adds (where to write the port, a database's password).
 *
 * <p>An allow list rather than a block list: Spring Boot binds properties from environment variables
 * under many spellings ({@code MANAGEMENT_SERVER_PORT}, {@code management.server.port},
 * {@code management_server_port}, {@code SPRING_APPLICATION_JSON}), and the JVM reads options from
 * {@code JAVA_TOOL_OPTIONS} and its kin; naming every dangerous one is a race the lab would lose.
 */
public final class ConfinedEnvironment {

    /** What a JVM and the programs it starts (PostgreSQL's initdb and server) need; none binds to a Spring property. */
    static final List<String> INHERITED =
            List.of("PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_CTYPE", "TZ");

    private ConfinedEnvironment() {}

    /** The allowed names of {@code inherited} (the lab's own environment), then the lab's own variables. */
    static Map<String, String> of(Map<String, String> inherited, Map<String, String> labOwn) {
        Map<String, String> confined = new LinkedHashMap<>();
        INHERITED.forEach(name -> {
            String value = inherited.get(name);
            if (value != null) {
                confined.put(name, value);
            }
        });
        confined.putAll(labOwn);
        return confined;
    }

    /** Gives the process {@code builder} starts {@link #of} and nothing else. */
    public static void applyTo(ProcessBuilder builder, Map<String, String> inherited, Map<String, String> labOwn) {
        Map<String, String> confined = of(inherited, labOwn);
        builder.environment().clear();
        builder.environment().putAll(confined);
    }
}
