package org.concurrencylab.probe.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * What the counters are read for: a thread that blocks switches out voluntarily each time, a thread that
 * has ended still counts, and the compiler threads are found by their names.
 */
class TaskCountersTest {

    private static final int SLEEPS = 50;

    @Test
    void eachBlockingWaitIsAVoluntarySwitchAndAnEndedThreadStillCounts() throws Exception {
        assumeTrue(Files.exists(Path.of("/proc/self/task")), "needs Linux's /proc");
        TaskCounters counters = new TaskCounters();
        CountDownLatch maySleep = new CountDownLatch(1);
        CountDownLatch slept = new CountDownLatch(1);
        CountDownLatch mayEnd = new CountDownLatch(1);
        Thread sleeper = Thread.ofPlatform().name("lab-test-sleeper").start(() -> {
            try {
                // not one sleep before the first count: 13 of the 50 fell before it once, and counted as before
                maySleep.await();
                for (int i = 0; i < SLEEPS; i++) {
                    Thread.sleep(1); // the thread leaves its core: one voluntary switch at least
                }
                slept.countDown();
                mayEnd.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        TaskCounters.Counts before = counters.read().orElseThrow();
        maySleep.countDown();
        slept.await();
        TaskCounters.Counts whileAlive = counters.read().orElseThrow();
        mayEnd.countDown();
        sleeper.join();
        TaskCounters.Counts afterItEnded = counters.read().orElseThrow();

        assertThat(whileAlive.voluntary() - before.voluntary())
                .as("voluntary switches of %d sleeps", SLEEPS)
                .isGreaterThanOrEqualTo(SLEEPS);
        // its /proc entry is gone: without the counts kept of ended threads the total would fall by its 50 and more
        assertThat(afterItEnded.voluntary()).isGreaterThanOrEqualTo(whileAlive.voluntary());
    }

    @Test
    void theCompilerThreadsAreFoundByName() {
        assumeTrue(Files.exists(Path.of("/proc/self/task")), "needs Linux's /proc");

        // a JVM that has run JUnit has compiled plenty: zero would mean the compiler threads were not found
        assertThat(new TaskCounters().read().orElseThrow().compilerCpuNanos().orElseThrow())
                .isPositive();
    }
}
