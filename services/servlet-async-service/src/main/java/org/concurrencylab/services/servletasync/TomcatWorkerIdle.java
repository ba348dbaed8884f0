package org.concurrencylab.services.servletasync;

import java.time.Duration;
import org.concurrencylab.probe.SizingContributor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Tomcat deletes a worker above its min-spare once it has been idle for the executor's idle time, 60 s
 * unless its endpoint says otherwise ({@code threadsMaxIdleTime}); Boot has no property for it. Set in D,
 * it scales with the run as D does, so the rest after a load can show the deletion.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("lab.servlet-async.worker-idle-in-d")
class TomcatWorkerIdle {

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> workerIdleTime(ServletAsyncProperties properties) {
        long millis = idle(properties).toMillis();
        return factory -> factory.addConnectorCustomizers(
                connector -> connector.setProperty("threadsMaxIdleTime", Long.toString(millis)));
    }

    @Bean
    SizingContributor workerIdleSizing(ServletAsyncProperties properties) {
        return sizing -> sizing.put(
                "tomcatWorkerIdleMillis", Math.toIntExact(idle(properties).toMillis()));
    }

    private static Duration idle(ServletAsyncProperties properties) {
        return properties.sleep().multipliedBy(properties.workerIdleInD());
    }
}
