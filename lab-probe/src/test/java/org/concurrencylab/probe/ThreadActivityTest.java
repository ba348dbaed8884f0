package org.concurrencylab.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.concurrencylab.probe.model.ThreadActivity;
import org.junit.jupiter.api.Test;

/** Real threads in real waits, classified from their live stacks as the probe reads them. */
class ThreadActivityTest {

    @Test
    void tellsAThreadParkedOnAFutureFromOneSleepingAndOneIdleInItsPool() throws Exception {
        CompletableFuture<String> never = new CompletableFuture<>();
        CountDownLatch started = new CountDownLatch(2);
        Thread parked = Thread.ofPlatform().start(() -> {
            started.countDown();
            never.join();
        });
        Thread sleeping = Thread.ofPlatform().start(() -> {
            started.countDown();
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        ExecutorService pool = Executors.newFixedThreadPool(1);
        pool.submit(() -> {}).get();
        try {
            started.await();
            Thread idle = waitingWorker(pool);

            assertThat(activityOf(parked)).isEqualTo(ThreadActivity.FUTURE_WAIT);
            assertThat(activityOf(sleeping)).isEqualTo(ThreadActivity.SLEEPING);
            assertThat(activityOf(idle)).isEqualTo(ThreadActivity.IDLE);
            assertThat(ThreadActivity.FUTURE_WAIT.busy()).isTrue();
            assertThat(ThreadActivity.IDLE.busy()).isFalse();
        } finally {
            never.complete("done");
            sleeping.interrupt();
            pool.shutdownNow();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aRunnableThreadWithNoKnownWaitOnItsStackRunsOnCpu() {
        StackTraceElement[] stack = {new StackTraceElement("org.example.Pi", "compute", "Pi.java", 10)};

        assertThat(ThreadActivity.of(Thread.State.RUNNABLE, stack)).isEqualTo(ThreadActivity.RUNNING_ON_CPU);
        assertThat(ThreadActivity.of(Thread.State.BLOCKED, stack)).isEqualTo(ThreadActivity.LOCK_WAIT);
    }

    /** Waits until the thread has reached its wait: a stack read too early shows it still on the way. */
    private static ThreadActivity activityOf(Thread thread) throws InterruptedException {
        ThreadActivity activity = ThreadActivity.of(thread.getState(), thread.getStackTrace());
        for (int tries = 0; tries < 100 && activity == ThreadActivity.RUNNING_ON_CPU; tries++) {
            Thread.sleep(10);
            activity = ThreadActivity.of(thread.getState(), thread.getStackTrace());
        }
        return activity;
    }

    private static Thread waitingWorker(ExecutorService pool) throws Exception {
        Thread[] worker = new Thread[1];
        pool.submit(() -> worker[0] = Thread.currentThread()).get();
        return worker[0];
    }
}
