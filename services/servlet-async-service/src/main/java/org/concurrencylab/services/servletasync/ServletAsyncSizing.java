package org.concurrencylab.services.servletasync;

import org.concurrencylab.probe.SizingContributor;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/**
 * Tells the lab how many Callables can run at once: unbounded with the article's executor, else the
 * core size of Boot's applicationTaskExecutor (its queue is unbounded, so it never grows past core).
 */
@Configuration(proxyBeanMethods = false)
class ServletAsyncSizing {

    @Bean
    SizingContributor servletAsyncPoolSizes(
            ServletAsyncProperties properties, ObjectProvider<ThreadPoolTaskExecutor> taskExecutor) {
        return sizing -> {
            sizing.put("handler", properties.handler().name());
            sizing.put("asyncExecutor", properties.executor().name());
            ThreadPoolTaskExecutor executor = taskExecutor.getIfUnique();
            if (properties.executor() == ServletAsyncProperties.Executor.BOOT_DEFAULT && executor != null) {
                sizing.put("mvcAsyncMaxThreads", executor.getCorePoolSize());
                sizing.put("mvcAsyncQueueCapacity", executor.getQueueCapacity());
            }
            sizing.put("sleepMillis", properties.sleep().toMillis());
        };
    }
}
