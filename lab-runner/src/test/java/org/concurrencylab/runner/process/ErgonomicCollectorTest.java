package org.concurrencylab.runner.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ErgonomicCollectorTest {

    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path folder;

    @Test
    void theCollectorInUseIsReadFromTheJvmsFinalFlags() {
        String oneCore = """
                     bool UseMaximumCompactionOnSystemGC           = true                                      {product} {default}
                     bool UseG1GC                                  = false                                     {product} {default}
                     bool UseSerialGC                              = true                                      {product} {ergonomic}
                """;
        assertThat(ErgonomicCollector.chosenIn(oneCore)).contains("-XX:+UseSerialGC");
        assertThat(ErgonomicCollector.chosenIn("     bool UseG1GC = true {product} {ergonomic}"))
                .contains("-XX:+UseG1GC");
        assertThat(ErgonomicCollector.chosenIn("Unrecognized VM option 'UseNoGC'"))
                .isEmpty();
    }

    @Test
    void optionsThatNameACollectorKeepItOnAnyNumberOfCores() throws Exception {
        assertThat(ErgonomicCollector.optionFor(JavaRuntime.current(), List.of("-Xmx1g", "-XX:+UseZGC"), folder))
                .isEmpty();
    }

    @Test
    void theJvmSaysWhichCollectorItPicksHere() throws Exception {
        // the JVM's own rule (JDK 9 on): G1 from two processors and 1792 MB on, the Serial collector below
        boolean serverClass = Runtime.getRuntime().availableProcessors() >= 2
                && com.sun.management.OperatingSystemMXBean.class
                                .cast(java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                                .getTotalMemorySize()
                        >= 1792L * 1024 * 1024;
        assertThat(ErgonomicCollector.optionFor(JavaRuntime.current(), List.of("-XX:TieredStopAtLevel=1"), folder))
                .contains(serverClass ? "-XX:+UseG1GC" : "-XX:+UseSerialGC");
        assertThat(folder).isEmptyDirectory();
    }
}
