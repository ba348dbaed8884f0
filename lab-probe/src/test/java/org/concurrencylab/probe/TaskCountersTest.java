package org.concurrencylab.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class TaskCountersTest {

    @Test
    void findsTheCompilerThreadsAndTheirCpuInThisJvm() {
        assumeTrue(Files.exists(Path.of("/proc/self/task")), "needs Linux's /proc");
        TaskCounters counters = new TaskCounters();

        TaskCounters.Counts before = counters.read();
        long sum = 0;
        for (int round = 0; round < 200_000; round++) {
            sum += Integer.toString(round).hashCode(); // fresh code to compile, so the JIT has work
        }
        TaskCounters.Counts after = counters.read();

        assertThat(sum).isNotZero();
        // a JVM that has run JUnit has compiled plenty: zero would mean the compiler threads were not found
        assertThat(before.compilerCpuNanos()).isPositive();
        assertThat(after.compilerCpuNanos()).isGreaterThanOrEqualTo(before.compilerCpuNanos());
        assertThat(after.voluntary()).isGreaterThanOrEqualTo(before.voluntary());
    }
}
