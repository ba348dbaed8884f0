package org.concurrencylab.runner;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.JitPolicy;

/**
 * The command line of one service JVM.
 *
 * @param cpus        what the JVM is told it has ({@code -XX:ActiveProcessorCount}); pools size from it
 * @param jit         how the JVM compiles
 * @param startupJvmFlags flags that only make start-up faster (a class data or AOT cache)
 * @param properties  Spring properties, passed as {@code --key=value}
 */
public record ServiceCommand(JavaRuntime java, Path jar, int cpus, JitPolicy jit, List<String> startupJvmFlags,
                             Map<String, String> properties) {

    /**
     * G1 is pinned because the JVM would switch to the serial collector below 2 CPUs, which would
     * mix a collector change into the CPU emulation; the heap is fixed so that runs compare.
     */
    static final List<String> FIXED_JVM_FLAGS = List.of("-XX:+UseG1GC", "-Xms256m", "-Xmx1g");

    List<String> toArguments() {
        List<String> arguments = new ArrayList<>();
        arguments.add(java.executable().toString());
        arguments.add("-XX:ActiveProcessorCount=" + cpus);
        arguments.addAll(FIXED_JVM_FLAGS);
        arguments.addAll(jit.jvmFlags());
        arguments.addAll(startupJvmFlags);
        arguments.add("-jar");
        arguments.add(jar.toString());
        arguments.add("--lab.parent-pid=" + ProcessHandle.current().pid());
        properties.forEach((key, value) -> arguments.add("--" + key + "=" + value));
        return arguments;
    }
}
