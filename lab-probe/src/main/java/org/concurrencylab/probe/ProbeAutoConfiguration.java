package org.concurrencylab.probe;

import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import org.concurrencylab.probe.core.CpuProfiler;
import org.concurrencylab.probe.core.ProbeHttpServer;
import org.concurrencylab.probe.core.ProbeSampler;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.PropertySource;
import org.springframework.core.env.Environment;

/** Switches the probe on in any service that has it on the class path. */
@AutoConfiguration
@EnableConfigurationProperties(ProbeProperties.class)
@PropertySource("classpath:lab-probe-defaults.properties")
public class ProbeAutoConfiguration {

    @Bean(destroyMethod = "close")
    ProbeSampler labProbeSampler(ProbeProperties properties) {
        return new ProbeSampler(properties.interval(), properties.capacity());
    }

    /**
     * Only where an experiment asks for it ({@code lab.probe.profiler=true}): sampling costs the service
     * about 1 % of a core, which the experiments that measure a pool's bound need not spend. None (a
     * null bean) where async-profiler does not run.
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnBooleanProperty(CpuProfiler.PROPERTY)
    CpuProfiler labCpuProfiler() {
        return CpuProfiler.start().orElse(null);
    }

    /** Registered with Spring's observations of the server's requests, whatever the web stack. */
    @Bean
    ServerRequestRecorder labServerRequestRecorder() {
        return new ServerRequestRecorder();
    }

    @Bean(destroyMethod = "close")
    ServiceMeters labServiceMeters(
            MeterRegistry registry, ServerRequestRecorder requests, ProbeSampler sampler, ProbeProperties properties) {
        return new ServiceMeters(registry, requests, sampler, properties.interval(), properties.window());
    }

    @Bean
    ProbeEndpoint labProbeEndpoint(
            ProbeSampler sampler,
            List<SizingContributor> contributors,
            MeterRegistry registry,
            ObjectProvider<CpuProfiler> profiler,
            ServiceMeters meters) {
        return new ProbeEndpoint(sampler, contributors, new ServiceTimers(registry), profiler.getIfAvailable(), meters);
    }

    @Bean(destroyMethod = "close")
    ProbeHttpServer labProbeHttpServer(ObjectProvider<ProbeEndpoint> endpoint) throws IOException {
        return new ProbeHttpServer(since -> endpoint.getObject().report(since));
    }

    /** Where the lab reads the probe during a run, whatever state the service's own server is in. */
    @Bean
    SizingContributor probeSizing(ProbeHttpServer server) {
        return sizing -> sizing.put("probePort", server.port());
    }

    /** Armed only when the lab started this service and said who it is. */
    @Bean
    ApplicationListener<ApplicationReadyEvent> labParentWatch(Environment environment) {
        return event -> {
            Long parent = environment.getProperty(ParentWatch.PROPERTY, Long.class);
            if (parent != null) {
                ParentWatch.watch(parent, event.getApplicationContext());
            }
        };
    }

    /** Which server runs, and Tomcat's worker limit as configured (Boot's default is 200). */
    @Bean
    SizingContributor webServerSizing(ApplicationContext context, Environment environment) {
        return sizing -> {
            if (context instanceof WebServerApplicationContext web && web.getWebServer() != null) {
                sizing.put("webServer", web.getWebServer().getClass().getSimpleName());
            }
            sizing.put("tomcatMaxThreads", environment.getProperty("server.tomcat.threads.max", Integer.class, 200));
        };
    }

    @Bean
    SizingContributor jvmSizing(Environment environment) {
        return sizing -> {
            sizing.put("jdk", Runtime.version().toString());
            sizing.put("jvm", System.getProperty("java.vm.name"));
            sizing.put("springBoot", SpringBootVersion.getVersion());
            sizing.put("availableProcessors", Runtime.getRuntime().availableProcessors());
            sizing.put("commonPoolParallelism", ForkJoinPool.getCommonPoolParallelism());
            sizing.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
            sizing.put("pid", ProcessHandle.current().pid());
            sizing.put("inputArguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
            sizing.put(
                    "virtualThreads", environment.getProperty("spring.threads.virtual.enabled", Boolean.class, false));
        };
    }
}
