package org.concurrencylab.services.blockingio;

import org.concurrencylab.probe.SizingContributor;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;

/** Tells the lab the sizes this service's pools got, read from the libraries that sized them. */
@Configuration(proxyBeanMethods = false)
class ServiceSizing {

    @Bean
    SizingContributor serverSizing(ApplicationContext context, Environment environment, BlockingDownstream downstream) {
        return sizing -> {
            if (context instanceof WebServerApplicationContext web && web.getWebServer() != null) {
                sizing.put("webServer", web.getWebServer().getClass().getSimpleName());
            }
            sizing.put("tomcatMaxThreads", environment.getProperty("server.tomcat.threads.max", Integer.class, 200));
            sizing.put("nettyEventLoops", LoopResources.DEFAULT_IO_WORKER_COUNT);
            sizing.put("boundedElasticMaxThreads", Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE);
            sizing.put("downstreamLatencyMillis", downstream.latency().toMillis());
        };
    }
}
