package org.concurrencylab.runner;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.concurrencylab.catalog.JitPolicy;

/**
 * The command line of one service JVM.
 *
 * @param cpus        what the JVM is told it has ({@code -XX:ActiveProcessorCount}); pools size from it
 * @param jit         how the JVM compiles
 * @param startupJvmFlags flags that only make start-up faster (a class data or AOT cache)
 * @param properties  Spring properties, passed as {@code --key=value}
 * @param bind        where its server listens: {@link #LOOPBACK}, unless the user asked for every interface
 */
public record ServiceCommand(JavaRuntime java, Path jar, int cpus, JitPolicy jit, List<String> startupJvmFlags,
                             Map<String, String> properties, String bind) {

    /** Where every service listens unless {@code ./lab serve --bind} says otherwise. */
    public static final String LOOPBACK = "127.0.0.1";

    /** What {@code --bind} accepts besides loopback: every interface, IPv4 or IPv6 (which include loopback). */
    public static final List<String> EVERY_INTERFACE = List.of("0.0.0.0", "::");

    public ServiceCommand {
        if (!LOOPBACK.equals(bind) && !EVERY_INTERFACE.contains(bind)) {
            throw new IllegalArgumentException("a service listens on " + LOOPBACK + " or, when asked, on every interface ("
                    + String.join(" or ", EVERY_INTERFACE) + "), not " + bind);
        }
    }

    public ServiceCommand(JavaRuntime java, Path jar, int cpus, JitPolicy jit, List<String> startupJvmFlags,
                          Map<String, String> properties) {
        this(java, jar, cpus, jit, startupJvmFlags, properties, LOOPBACK);
    }

    /**
     * G1 is pinned because the JVM would switch to the serial collector below 2 CPUs, which would
     * mix a collector change into the CPU emulation; the heap is fixed so that runs compare.
     */
    static final List<String> FIXED_JVM_FLAGS = List.of("-XX:+UseG1GC", "-Xms256m", "-Xmx1g");

    /**
     * What the lab's services may never do, whatever the environment or a user's Spring configuration
     * says: listen beyond loopback, or expose more of Actuator than the lab reads. Command-line
     * arguments outrank every other source of Spring properties, so these come last on it.
     */
    static final List<String> SAFETY_PROPERTIES = safetyProperties(LOOPBACK);

    /** The same with the address the user chose for the server; the Actuator's exposure never widens. */
    static List<String> safetyProperties(String bind) {
        return List.of("--server.address=" + bind,
                "--management.endpoints.web.exposure.include=health,info,prometheus,labprobe",
                "--management.endpoints.jmx.exposure.exclude=*");
    }

    /**
     * Environment variables that would reach into a service JVM: Spring binds SPRING_*, SERVER_* and
     * MANAGEMENT_* to properties (a management port of its own would listen beyond the lab's
     * address), and the JVM reads its options from the *_OPTIONS ones.
     */
    private static final List<String> SCRUBBED_PREFIXES = List.of("SPRING_", "SERVER_", "MANAGEMENT_", "LAB_");
    private static final List<String> SCRUBBED_NAMES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    /** Leaves a service's process nothing from the lab's environment that could widen what it exposes. */
    static void confine(Map<String, String> environment) {
        environment.keySet().removeIf(name -> SCRUBBED_NAMES.contains(name)
                || SCRUBBED_PREFIXES.stream().anyMatch(prefix -> name.toUpperCase(Locale.ROOT).startsWith(prefix)));
    }

    List<String> toArguments() {
        List<String> arguments = new ArrayList<>();
        arguments.add(java.executable().toString());
        arguments.add("-XX:ActiveProcessorCount=" + cpus);
        arguments.addAll(FIXED_JVM_FLAGS);
        arguments.addAll(java.nativeAccessFlags());
        arguments.addAll(jit.jvmFlags());
        arguments.addAll(startupJvmFlags);
        arguments.add("-jar");
        arguments.add(jar.toString());
        arguments.add("--lab.parent-pid=" + ProcessHandle.current().pid());
        properties.forEach((key, value) -> arguments.add("--" + key + "=" + value));
        arguments.addAll(safetyProperties(bind));
        return arguments;
    }
}
