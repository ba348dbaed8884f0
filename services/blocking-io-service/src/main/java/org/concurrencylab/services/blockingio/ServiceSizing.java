package org.concurrencylab.services.blockingio;

import org.concurrencylab.probe.SizingContributor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;

/** Tells the lab the sizes this service's pools got, read from the libraries that sized them. */
@Configuration(proxyBeanMethods = false)
class ServiceSizing {

    @Bean
    SizingContributor serverSizing(BlockingDownstream downstream) {
        return sizing -> {
            sizing.put("nettyEventLoops", LoopResources.DEFAULT_IO_WORKER_COUNT);
            sizing.put("boundedElasticMaxThreads", Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE);
            sizing.put("downstreamLatencyMillis", downstream.latency().toMillis());
        };
    }
}
