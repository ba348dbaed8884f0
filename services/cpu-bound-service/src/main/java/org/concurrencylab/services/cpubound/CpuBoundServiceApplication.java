package org.concurrencylab.services.cpubound;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The service of "Improving CPU bound performance using Scheduler": {@code GET /calcpireactive}
 * computes pi by a series inside {@code Mono.just(...).map(...)}, on WebFlux on Tomcat with 10
 * threads, with or without {@code subscribeOn} a scheduler.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class CpuBoundServiceApplication {

    public static void main(String[] args) {
        SpringApplication.run(CpuBoundServiceApplication.class, args);
    }
}
