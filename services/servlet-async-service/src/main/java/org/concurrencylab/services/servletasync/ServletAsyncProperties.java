package org.concurrencylab.services.servletasync;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param handler      how the handler waits for the sleep service
 * @param executor     where a Callable runs, for {@link Handler#CALLABLE}
 * @param sleepService where the sleep service listens; the lab passes the port it started it on
 * @param sleep        how long the sleep service is asked to sleep: D
 */
@ConfigurationProperties("lab.servlet-async")
public record ServletAsyncProperties(
        @DefaultValue("blocking") Handler handler,
        @DefaultValue("boot-default") Executor executor,
        URI sleepService,
        Duration sleep) {

    public enum Handler {
        /** The Tomcat thread makes the call and waits. */
        BLOCKING,
        /** The handler returns a Callable; MVC's async executor makes the call and waits. */
        CALLABLE,
        /** The handler returns a DeferredResult that a non-blocking client completes. */
        DEFERRED_RESULT
    }

    public enum Executor {
        /** The article's: an unbounded SimpleAsyncTaskExecutor, a new thread per Callable. */
        UNBOUNDED,
        /** Whatever Spring Boot configures: its applicationTaskExecutor (8 threads, unbounded queue). */
        BOOT_DEFAULT
    }
}
