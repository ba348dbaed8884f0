package org.concurrencylab.services.fanout.mvc;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.concurrencylab.services.fanout.FanOutProperties;
import org.jspecify.annotations.Nullable;

/**
 * Where the servlet variants run their metadata calls. The dedicated pool's threads are named
 * {@code fan-out-pool-N}, which the probe counts as the pool {@code fan-out-pool}.
 *
 * @param executor null for the JDK's default async pool (or for sequential calls)
 */
record FanOutExecutor(boolean parallel, @Nullable ExecutorService executor) implements AutoCloseable {

    static FanOutExecutor of(FanOutProperties properties) {
        return switch (properties.strategy()) {
            case SEQUENTIAL, WEBCLIENT -> new FanOutExecutor(false, null);
            case COMMON_POOL -> new FanOutExecutor(true, null);
            case DEDICATED_POOL ->
                new FanOutExecutor(
                        true,
                        Executors.newFixedThreadPool(
                                properties.poolSize(),
                                Thread.ofPlatform().name("fan-out-pool-", 1).factory()));
            case VIRTUAL_THREADS ->
                new FanOutExecutor(
                        true,
                        Executors.newThreadPerTaskExecutor(
                                Thread.ofVirtual().name("fan-out-virtual-", 1).factory()));
        };
    }

    @Override
    public void close() {
        if (executor != null) {
            executor.shutdownNow();
        }
    }
}
