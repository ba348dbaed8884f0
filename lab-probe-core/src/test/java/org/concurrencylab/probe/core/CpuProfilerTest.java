package org.concurrencylab.probe.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.concurrencylab.probe.model.CpuProfile;
import org.junit.jupiter.api.Test;

/**
 * A thread that computes is found in the profile, in the method it computes in; a thread that sleeps
 * is not, and neither are the JVM's own threads (compiler, collector), which run no Java frame of the
 * service's.
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
        Optional<CpuProfiler> started = CpuProfiler.start();
        // JUnit's assumption, not AssertJ's: AssertJ generates a class for it, tens of samples of this thread's CPU
        org.junit.jupiter.api.Assumptions.assumeTrue(started.isPresent(), "async-profiler runs on this platform");
        Thread busy = Thread.ofPlatform().name("busy").start(Busy::spin);
        Thread sleeping = Thread.ofPlatform().name("sleeping").start(() -> {
            try {
                Thread.sleep(60_000); // interrupted at the end
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
        });
        long start = System.currentTimeMillis();
        try (CpuProfiler profiler = started.get()) {
            // 100 samples a second of CPU time: half a second of the busy thread's, however long a loaded
            // machine takes to give it that, and 20 s at most. This thread waits by parking, not in Thread.sleep: a
            // sample of it on its way into a sleep would name Thread.sleep, which only the sleeping thread may not
            CpuProfile profile = profiler.since(start);
            for (long deadline = System.nanoTime() + 20_000_000_000L;
                    profile.stacks() < 50 && System.nanoTime() < deadline; ) {
                java.util.concurrent.locks.LockSupport.parkNanos(100_000_000L);
                profile = profiler.since(start);
            }
            assertThat(profile.stacks()).isGreaterThanOrEqualTo(50);
            String spin = Busy.class.getName() + ".spin";
            // the one thread that computes all along is most of the CPU; JUnit's own threads and the JIT take the rest,
            // more of it on a loaded machine
            assertThat(profile.share(spin))
                    .as("share of %s among %s", spin, profile.frames())
                    .isGreaterThanOrEqualTo(0.5);
            assertThat(profile.leaves()).containsKey(spin);
            assertThat(profile.leaves().entrySet().stream()
                            .max(java.util.Map.Entry.comparingByValue())
                            .orElseThrow()
                            .getKey())
                    .as("the hottest leaf")
                    .isEqualTo(spin);
            assertThat(profile.frames().keySet()).noneMatch(frame -> frame.startsWith("java.lang.Thread.sleep"));
            assertThat(profiler.since(System.currentTimeMillis() + 60_000).stacks())
                    .isZero();
        } finally {
            RUNNING.set(false);
            busy.join();
            sleeping.interrupt();
            sleeping.join();
        }
    }

    @Test
    void foldsCollapsedStacksIntoTheServicesMethodsOnly() {
        String collapsed = String.join(
                "\n",
                "[http-nio-exec-1 tid=7];java/lang/Thread.run_[j];com/shop/Page.render_[j];java/security/MessageDigest.digest_[i];sha256_implCompressMB 30",
                "[http-nio-exec-2 tid=8];java/lang/Thread.run_[j];com/shop/Page.render_[j];com/shop/Mapper.<init>_[1] 10",
                "[lab-probe tid=9];java/lang/Thread.run_[j];com/shop/Page.render_[j] 7",
                "[G1 Conc#0 tid=10];G1ConcurrentMark::mark_from_roots 50",
                "");

        CpuProfile profile = CpuProfiler.fold(0, collapsed).profile();

        assertThat(profile.stacks())
                .as("the collector's and the probe's own stacks left out")
                .isEqualTo(40);
        assertThat(profile.jvmStacks()).isEqualTo(57);
        assertThat(profile.frames())
                .containsEntry("com.shop.Page.render", 40)
                .containsEntry("com.shop.Mapper.<init>", 10)
                .containsEntry("java.security.MessageDigest.digest", 30)
                .doesNotContainKey("sha256_implCompressMB");
        assertThat(profile.leaves())
                .containsEntry("com.shop.Page.render", 30)
                .containsEntry("com.shop.Mapper.<init>", 10);
    }
}
