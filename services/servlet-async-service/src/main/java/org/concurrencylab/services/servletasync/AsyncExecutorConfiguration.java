package org.concurrencylab.services.servletasync;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.web.servlet.config.annotation.AsyncSupportConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The article's Callable ran on Spring MVC's fallback, an unbounded SimpleAsyncTaskExecutor (a new
 * thread per Callable, named MvcAsync). Boot 4 hands MVC its applicationTaskExecutor instead, so the
 * article's setup needs saying explicitly; without this class the variant gets today's default.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "lab.servlet-async.executor", havingValue = "unbounded")
class AsyncExecutorConfiguration implements WebMvcConfigurer {

    @Override
    public void configureAsyncSupport(AsyncSupportConfigurer configurer) {
        configurer.setTaskExecutor(new SimpleAsyncTaskExecutor("MvcAsync"));
    }
}
