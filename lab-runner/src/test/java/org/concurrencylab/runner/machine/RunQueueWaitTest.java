package org.concurrencylab.runner.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RunQueueWaitTest {

    private static final long PID = ProcessHandle.current().pid();

    @Test
    void threadsReadyToRunBeyondTheCoresWaitAtLeastTheirShareOfTheTime() throws Exception {
        assumeTrue(RunQueueWait.nanos(PID) >= 0, "Linux's schedstat");
        int cores = Runtime.getRuntime().availableProcessors();
        int spinners = cores + 2;
        long spinNanos = TimeUnit.MILLISECONDS.toNanos(300);
        CountDownLatch spun = new CountDownLatch(spinners);
        CountDownLatch release = new CountDownLatch(1);
        long before = RunQueueWait.nanos(PID);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < spinners; i++) {
            threads.add(Thread.ofPlatform().start(() -> {
                long end = System.nanoTime() + spinNanos;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
                spun.countDown();
                try {
                    // a thread that ended takes its wait out of /proc: read while they are alive
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        spun.await();
        long waited = RunQueueWait.nanos(PID) - before;
        release.countDown();
        for (Thread thread : threads) {
            thread.join();
        }

        // two threads more than the cores, all ready for 300 ms: the cores leave at least 2 x 300 ms of waiting
        // between them, and anything else running only adds to it; a fifth off for the threads' staggered starts
        assertThat(waited).isGreaterThanOrEqualTo((long) (0.8 * 2 * spinNanos));
    }

    @Test
    void aProcessThatIsGoneIsUnknownNotZero() {
        assertThat(RunQueueWait.nanos(Long.MAX_VALUE)).isEqualTo(RunQueueWait.UNAVAILABLE);
    }
}
