package org.concurrencylab.runner.process;

import java.nio.file.Path;
import java.util.List;

/**
 * The JDK the services run on: the one running the lab, which the launcher chose.
 *
 * @param feature the major version, e.g. 25
 */
public record JavaRuntime(Path executable, int feature, String version) {

    public static JavaRuntime current() {
        Path executable = ProcessHandle.current()
                .info()
                .command()
                .map(Path::of)
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java"));
        return new JavaRuntime(
                executable, Runtime.version().feature(), Runtime.version().toString());
    }

    /**
     * From JDK 22 on a library that loads native code (the probe's async-profiler, the driver's OSHI)
     * makes the JVM warn on stderr unless it is allowed to.
     */
    List<String> nativeAccessFlags() {
        return feature >= 22 ? List.of("--enable-native-access=ALL-UNNAMED") : List.of();
    }

    /** JDK 24 brought the AOT cache (JEP 483), a larger start-up gain than class data sharing alone. */
    boolean hasAotCache() {
        return feature >= 25;
    }
}
