package org.concurrencylab.runner.process;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.load.JitPolicy;

/**
 * The command line of one service JVM.
 *
 * @param cpus        what the JVM is told it has ({@code -XX:ActiveProcessorCount}); pools size from it
 * @param jit         how the JVM compiles
 * @param startupJvmFlags flags that only make start-up faster (a class data or AOT cache)
 * @param properties  Spring properties, passed as {@code --key=value}
 * @param bind        where its server listens: {@link #LOOPBACK}, unless the user asked for every interface
 * @param environment variables the lab gives it beyond the few it inherits ({@link ConfinedEnvironment}):
 *                    secrets, which a command line would show to every user of the machine
 */
public record ServiceCommand(
        JavaRuntime java,
        Path jar,
        int cpus,
        JitPolicy jit,
        List<String> startupJvmFlags,
        Map<String, String> properties,
        String bind,
        Map<String, String> environment) {

    /** Where every service listens unless {@code ./lab serve --bind} says otherwise. */
    public static final String LOOPBACK = "127.0.0.1";

    /** What {@code --bind} accepts besides loopback: every interface, IPv4 or IPv6 (which include loopback). */
    public static final List<String> EVERY_INTERFACE = List.of("0.0.0.0", "::");

    public ServiceCommand {
        if (!LOOPBACK.equals(bind) && !EVERY_INTERFACE.contains(bind)) {
            throw new IllegalArgumentException(
                    "a service listens on " + LOOPBACK + " or, when asked, on every interface ("
                            + String.join(" or ", EVERY_INTERFACE) + "), not " + bind);
        }
        properties = Map.copyOf(properties);
        environment = Map.copyOf(environment);
    }

    /** A command running {@code jar} on {@code java}, to be filled in: its CPUs, JIT and properties are required. */
    public static Builder custom(JavaRuntime java, Path jar) {
        return new Builder(java, jar);
    }

    /** The same command, its server listening on {@code address}. */
    public ServiceCommand listeningOn(String address) {
        return new ServiceCommand(java, jar, cpus, jit, startupJvmFlags, properties, address, environment);
    }

    /** The same command, with these variables added to its environment. */
    public ServiceCommand withEnvironment(Map<String, String> variables) {
        Map<String, String> merged = new LinkedHashMap<>(environment);
        merged.putAll(variables);
        return new ServiceCommand(java, jar, cpus, jit, startupJvmFlags, properties, bind, merged);
    }

    /**
     * Sets a command's parts by name. It listens on {@link #LOOPBACK} with no start-up flags and no
     * variables of its own unless told otherwise.
     */
    public static final class Builder {
        private final JavaRuntime java;
        private final Path jar;
        private int cpus;
        private JitPolicy jit;
        private List<String> startupJvmFlags = List.of();
        private Map<String, String> properties;
        private String bind = LOOPBACK;
        private Map<String, String> environment = Map.of();

        private Builder(JavaRuntime java, Path jar) {
            this.java = java;
            this.jar = jar;
        }

        /** What the JVM is told it has: its pools size from it. */
        public Builder cpus(int cpus) {
            this.cpus = cpus;
            return this;
        }

        public Builder jit(JitPolicy jit) {
            this.jit = jit;
            return this;
        }

        /** Flags that only make start-up faster: a class data or AOT cache. */
        public Builder startupJvmFlags(List<String> flags) {
            this.startupJvmFlags = List.copyOf(flags);
            return this;
        }

        /** Spring properties, passed as {@code --key=value}. */
        public Builder properties(Map<String, String> properties) {
            this.properties = properties;
            return this;
        }

        public Builder bind(String address) {
            this.bind = address;
            return this;
        }

        /** Variables the service needs in its environment: secrets a command line would show. */
        public Builder environment(Map<String, String> variables) {
            this.environment = variables;
            return this;
        }

        /** @throws IllegalStateException when a required part is missing or impossible */
        public ServiceCommand build() {
            if (java == null || jar == null || jit == null || properties == null) {
                throw new IllegalStateException("a service command needs its runtime, jar, JIT and properties");
            }
            if (cpus < 1) {
                throw new IllegalStateException("a service JVM needs at least one CPU, not " + cpus);
            }
            return new ServiceCommand(java, jar, cpus, jit, startupJvmFlags, properties, bind, environment);
        }
    }

    /**
     * G1 is pinned because the JVM would switch to the serial collector below 2 CPUs, which would
     * mix a collector change into the CPU emulation; the heap is fixed so that runs compare.
     */
    static final List<String> FIXED_JVM_FLAGS = List.of("-XX:+UseG1GC", "-Xms256m", "-Xmx1g");

    /**
     * What only shortens a service's stop, after everything is measured: Reactor Netty's event loops wait a
     * quiet period of 2 s for new tasks before they end (measured: a Netty service stopped in 2.05 s, a Tomcat
     * one in 0.05 s). Nothing runs on them by then; a JVM without Reactor Netty ignores the property.
     */
    public static final List<String> STOP_JVM_FLAGS = List.of("-Dreactor.netty.ioShutdownQuietPeriod=0");

    /**
     * What the lab's services may never do, whatever the environment, a file or a user's Spring
     * configuration says: listen beyond loopback (the server, or a management server of its own), read
     * configuration files from anywhere but their own jar, or expose more of Actuator than the lab reads.
     * Command-line arguments outrank every other source of Spring properties a machine can set, so
     * these come last on it; {@link ConfinedEnvironment} and a working directory of the lab's own close
     * the lower sources as well.
     */
    static final List<String> SAFETY_PROPERTIES = safetyProperties(LOOPBACK);

    /** Where the lab's services read configuration files from: their own jar, never the working directory. */
    static final String CONFIG_LOCATION = "optional:classpath:/,optional:classpath:/config/";

    /** The same with the address the user chose for the server; the Actuator's exposure never widens. */
    static List<String> safetyProperties(String bind) {
        return List.of(
                "--server.address=" + bind,
                // empty: Actuator on the server's own port, never a listener of its own. Its address cannot be
                // pinned as well (Boot refuses one without a port of its own); no source outside the jar can
                // set it, as ConfinedEnvironment and the config location below leave none
                "--management.server.port=",
                "--spring.config.location=" + CONFIG_LOCATION,
                "--management.endpoints.web.exposure.include=health,info,prometheus,labprobe",
                "--management.endpoints.jmx.exposure.exclude=*");
    }

    List<String> toArguments() {
        List<String> arguments = new ArrayList<>();
        arguments.add(java.executable().toString());
        arguments.add("-XX:ActiveProcessorCount=" + cpus);
        arguments.addAll(FIXED_JVM_FLAGS);
        arguments.addAll(STOP_JVM_FLAGS);
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
