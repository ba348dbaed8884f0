package org.concurrencylab.probe;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
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

    @Bean
    ProbeEndpoint labProbeEndpoint(ProbeSampler sampler, List<SizingContributor> contributors) {
        return new ProbeEndpoint(sampler, contributors);
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
            sizing.put("virtualThreads", environment.getProperty("spring.threads.virtual.enabled", Boolean.class, false));
        };
    }
}
