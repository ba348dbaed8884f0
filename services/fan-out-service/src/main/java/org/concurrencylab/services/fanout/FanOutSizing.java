package org.concurrencylab.services.fanout;

import java.util.concurrent.CompletableFuture;
import org.concurrencylab.probe.SizingContributor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.netty.resources.LoopResources;

/**
 * Tells the lab the sizes this service's pools got. {@code completableFutureDefaultExecutor} answers
 * which executor {@code supplyAsync} without an executor really uses: the common pool, or, on JDKs
 * that do so when its parallelism is below 2, a new thread per task.
 */
@Configuration(proxyBeanMethods = false)
class FanOutSizing {

    @Bean
    SizingContributor fanOutPoolSizes(FanOutProperties properties) {
        return sizing -> {
            sizing.put("strategy", properties.strategy().name());
            sizing.put("fanOutPoolSize", properties.poolSize());
            sizing.put("nettyEventLoops", LoopResources.DEFAULT_IO_WORKER_COUNT);
            sizing.put(
                    "completableFutureDefaultExecutor",
                    new CompletableFuture<Void>().defaultExecutor().getClass().getSimpleName());
        };
    }
}
