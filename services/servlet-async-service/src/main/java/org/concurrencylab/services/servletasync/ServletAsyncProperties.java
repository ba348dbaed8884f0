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
 * @param neighbour    a second web application on the same Tomcat, at {@value NeighbourApplication#PATH}
 * @param workerIdleInD how long, in D, a Tomcat worker above its min-spare stays idle before Tomcat deletes it;
 *                     absent, Tomcat's own 60 s
 */
@ConfigurationProperties("lab.servlet-async")
public record ServletAsyncProperties(
        @DefaultValue("blocking") Handler handler,
        @DefaultValue("boot-default") Executor executor,
        URI sleepService,
        Duration sleep,
        @DefaultValue Neighbour neighbour,
        Integer workerIdleInD) {

    public ServletAsyncProperties {
        if (workerIdleInD != null && workerIdleInD < 1) {
            throw new IllegalArgumentException("a worker's idle time is at least one D, not " + workerIdleInD);
        }
    }

    /** The sleep service's address for one call of D. */
    public String sleepUri() {
        return sleepService.resolve("/sleep/" + sleep.toMillis()).toString();
    }

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

    /**
     * The other application deployed beside this one, as a second WAR would be: its own Tomcat context,
     * the same connector and so the same worker threads. Each of its requests makes the same call.
     *
     * @param mode    whether it is deployed, and where its requests wait for the call
     * @param threads its own pool's threads, for {@link Neighbour.Mode#OWN_POOL}
     */
    public record Neighbour(
            @DefaultValue("none") Mode mode,
            @DefaultValue("4") int threads) {

        public Neighbour {
            if (threads < 1) {
                throw new IllegalArgumentException("the neighbour's pool has at least one thread, not " + threads);
            }
        }

        public enum Mode {
            /** No second application. */
            NONE,
            /** Its Tomcat thread makes the call and waits, as a servlet written before Servlet 3.0 does. */
            BLOCKING,
            /** Its request is put in async mode, and a pool of its own makes the call: the Tomcat thread returns. */
            OWN_POOL
        }
    }
}
