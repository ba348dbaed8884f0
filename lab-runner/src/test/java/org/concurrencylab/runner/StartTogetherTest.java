package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.concurrencylab.runner.process.ServiceStartException;
import org.junit.jupiter.api.Test;

class StartTogetherTest {

    private final List<String> stopped = new CopyOnWriteArrayList<>();

    @Test
    void everyStartRunsAtOnceAndComesBackInTheOrderGiven() throws Exception {
        // each waits for the other two: one at a time, none would end
        CountDownLatch allRunning = new CountDownLatch(3);
        Callable<String> first = waitingFor(allRunning, "orders");
        Callable<String> second = waitingFor(allRunning, "storefront");
        Callable<String> third = waitingFor(allRunning, "storefront-2");

        assertThat(StartTogether.all(List.of(first, second, third), stopped::add))
                .containsExactly("orders", "storefront", "storefront-2");
        assertThat(stopped).isEmpty();
    }

    @Test
    void oneThatFailsStopsTheOthersThatStartedAndItsFailureIsThrown() {
        Callable<String> fails = () -> {
            throw new ServiceStartException("Port 8080 was already in use.");
        };
        assertThatThrownBy(() -> StartTogether.all(List.of(() -> "orders", fails, () -> "storefront-2"), stopped::add))
                .isInstanceOf(ServiceStartException.class)
                .hasMessage("Port 8080 was already in use.");
        assertThat(stopped).containsExactlyInAnyOrder("orders", "storefront-2");
    }

    @Test
    void anInterruptedLabStopsWhatStartedAndSaysSo() throws Exception {
        CountDownLatch slowStarted = new CountDownLatch(1);
        Callable<String> slow = () -> {
            slowStarted.countDown();
            Thread.sleep(TimeUnit.MINUTES.toMillis(1));
            return "never";
        };
        Thread lab = Thread.currentThread();
        Thread.ofPlatform().start(() -> {
            try {
                slowStarted.await();
            } catch (InterruptedException ignored) {
                return;
            }
            lab.interrupt();
        });
        long began = System.nanoTime();
        assertThatThrownBy(() -> StartTogether.all(List.of(() -> "orders", slow), stopped::add))
                .isInstanceOf(InterruptedException.class);
        assertThat(Thread.interrupted())
                .as("said by the exception, not by the flag as well")
                .isFalse();
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began)).isLessThan(30);
        assertThat(stopped).containsExactly("orders");
    }

    private static Callable<String> waitingFor(CountDownLatch allRunning, String name) {
        return () -> {
            allRunning.countDown();
            if (!allRunning.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException(name + " ran alone");
            }
            return name;
        };
    }
}
