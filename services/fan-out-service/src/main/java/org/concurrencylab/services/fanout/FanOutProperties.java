package org.concurrencylab.services.fanout;

import java.net.URI;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param strategy   how the two metadata calls are made
 * @param poolSize   threads of the dedicated pool, for {@link Strategy#DEDICATED_POOL}
 * @param metadata   where the metadata service listens; the lab passes the port it started it on
 */
@ConfigurationProperties("lab.fan-out")
public record FanOutProperties(
        @DefaultValue("sequential") Strategy strategy,
        @DefaultValue("400") int poolSize,
        URI metadata) {

    public enum Strategy {
        /** One call after the other on the request's thread: 2 D. */
        SEQUENTIAL,
        /** {@code CompletableFuture.supplyAsync} without an executor: the JDK's default async pool. */
        COMMON_POOL,
        /** {@code supplyAsync} on a fixed pool of {@code poolSize} threads. */
        DEDICATED_POOL,
        /** {@code supplyAsync} on a new virtual thread per call. */
        VIRTUAL_THREADS,
        /** WebClient and {@code Mono.zip}: no thread waits for either call. */
        WEBCLIENT
    }
}
