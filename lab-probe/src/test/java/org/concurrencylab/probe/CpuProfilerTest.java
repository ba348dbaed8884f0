package org.concurrencylab.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import org.concurrencylab.probe.model.CpuProfile;
import org.junit.jupiter.api.Test;

/**
 * A thread that computes is found in the profile, in the method it computes in; a thread that sleeps
 * is not, and neither are the JVM's own threads that wait in native code.
 */
class CpuProfilerTest {

    private static final AtomicBoolean RUNNING = new AtomicBoolean(true);
    private static volatile long sink;

    /** Outside the JDK's packages, as a service's method is. */
    static final class Busy {
        static void spin() {
            long x = 1;
            while (RUNNING.get()) {
                for (int i = 0; i < 10_000; i++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
                sink = x;
            }
        }
    }

    @Test
    void findsTheComputingThreadInItsMethodAndLeavesOutTheSleepingOne() throws Exception {
        Thread busy = Thread.ofPlatform().name("busy").start(Busy::spin);
        Thread sleeping = Thread.ofPlatform().name("sleeping").start(() -> {
            try {
                Thread.sleep(5_000);
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
        });
        long start = System.currentTimeMillis();
        try (CpuProfiler profiler = new CpuProfiler()) {
            Thread.sleep(1_000);
            CpuProfile profile = profiler.since(start);

            // 20 ticks a second for a second: the busy thread is on a CPU in most of them
            assertThat(profile.stacks()).isGreaterThanOrEqualTo(5);
            String spin = Busy.class.getName() + ".spin";
            assertThat(profile.share(spin)).as("share of %s among %s", spin, profile.frames()).isGreaterThanOrEqualTo(0.8);
            assertThat(profile.leaves()).containsKey(spin);
            assertThat(profile.frames().keySet()).noneMatch(frame -> frame.startsWith("java.lang.Thread.sleep"));
            assertThat(profiler.since(System.currentTimeMillis() + 60_000).stacks()).isZero();
        } finally {
            RUNNING.set(false);
            busy.join();
            sleeping.interrupt();
            sleeping.join();
        }
    }
}
