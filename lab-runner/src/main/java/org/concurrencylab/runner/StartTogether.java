package org.concurrencylab.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.concurrencylab.runner.process.ServiceStartException;

/**
 * Starts that need nothing of each other, run at once, each in a thread of its own: two JVMs starting share this
 * machine's cores, where one at a time leaves a core idle while each loads its classes on one thread. All of them
 * started, or none left running.
 */
final class StartTogether {

    private StartTogether() {}

    /**
     * Every start at once. Returns once all have ended, what they started in the order given; where one failed or the
     * lab was interrupted meanwhile, those that started are stopped with {@code stop} and the first failure thrown.
     */
    static <T> List<T> all(List<Callable<T>> starts, Consumer<T> stop)
            throws ServiceStartException, InterruptedException {
        List<Future<T>> futures = new ArrayList<>();
        // close() waits for every start to end; interrupted, it interrupts them first, and each stops what it began
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            starts.forEach(start -> futures.add(executor.submit(start)));
        }
        List<T> started = new ArrayList<>();
        Throwable failure = null;
        for (Future<T> future : futures) {
            if (future.state() == Future.State.SUCCESS) {
                started.add(future.resultNow());
            } else if (failure == null) {
                failure = future.state() == Future.State.FAILED ? future.exceptionNow() : interrupted();
            }
        }
        if (failure == null && Thread.currentThread().isInterrupted()) {
            failure = interrupted();
        }
        if (failure == null) {
            return started;
        }
        started.forEach(stop);
        switch (failure) {
            case ServiceStartException e -> throw e;
            case InterruptedException e -> {
                // said by the exception, as a method that throws it does: the executor had set the flag again
                Thread.interrupted();
                throw e;
            }
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> throw new IllegalStateException(failure);
        }
    }

    private static InterruptedException interrupted() {
        return new InterruptedException("interrupted while starting");
    }
}
