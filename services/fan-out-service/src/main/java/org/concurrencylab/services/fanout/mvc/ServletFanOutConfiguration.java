package org.concurrencylab.services.fanout.mvc;

import org.concurrencylab.services.fanout.FanOutProperties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The blocking variants: Tomcat, a blocking client, and the executor the strategy names. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
class ServletFanOutConfiguration {

    @Bean
    MetadataClient metadataClient(FanOutProperties properties) {
        return new MetadataClient(properties);
    }

    @Bean(destroyMethod = "close")
    FanOutExecutor fanOutExecutor(FanOutProperties properties) {
        return FanOutExecutor.of(properties);
    }
}
