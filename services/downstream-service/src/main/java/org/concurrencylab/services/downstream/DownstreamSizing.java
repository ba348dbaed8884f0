package org.concurrencylab.services.downstream;

import java.time.Duration;
import org.concurrencylab.probe.SizingContributor;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;

/** Tells the lab how the downstream is sized, so that a report can show it had room to spare. */
@Configuration(proxyBeanMethods = false)
class DownstreamSizing {

    @Bean
    SizingContributor downstreamPoolSizes(@Value("${lab.downstream.latency:300ms}") Duration latency) {
        return sizing -> {
            sizing.put("nettyEventLoops", LoopResources.DEFAULT_IO_WORKER_COUNT);
            sizing.put("timerThreads", Schedulers.DEFAULT_POOL_SIZE);
            sizing.put("downstreamLatencyMillis", latency.toMillis());
        };
    }
}
