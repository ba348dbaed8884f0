package org.concurrencylab.probe.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThreadPoolsTest {

    @Test
    void namesThePoolsTheArticlesWatched() {
        assertThat(ThreadPools.poolOf("http-nio-127.0.0.1-8080-exec-17")).isEqualTo(ThreadPools.TOMCAT_WORKERS);
        assertThat(ThreadPools.poolOf("http-nio-127.0.0.1-8080-Poller")).isEqualTo(ThreadPools.TOMCAT_IO);
        assertThat(ThreadPools.poolOf("reactor-http-nio-3")).isEqualTo(ThreadPools.NETTY_EVENT_LOOPS);
        assertThat(ThreadPools.poolOf("reactor-http-epoll-8")).isEqualTo(ThreadPools.NETTY_EVENT_LOOPS);
        assertThat(ThreadPools.poolOf("boundedElastic-12")).isEqualTo(ThreadPools.BOUNDED_ELASTIC);
        assertThat(ThreadPools.poolOf("ForkJoinPool.commonPool-worker-7")).isEqualTo(ThreadPools.COMMON_POOL);
        assertThat(ThreadPools.poolOf("task-3")).isEqualTo(ThreadPools.MVC_ASYNC);
        assertThat(ThreadPools.poolOf("MvcAsync1")).isEqualTo(ThreadPools.MVC_ASYNC);
        assertThat(ThreadPools.poolOf("Reference Handler")).isEqualTo(ThreadPools.JVM);
    }

    @Test
    void theLabsOwnPoolsAreNamedByPrefix() {
        assertThat(ThreadPools.poolOf("elastic-41")).isEqualTo("elastic");
        assertThat(ThreadPools.poolOf("deferred-result-7")).isEqualTo("deferred-result");
        assertThat(ThreadPools.poolOf("something")).isEqualTo(ThreadPools.OTHER);
    }
}
