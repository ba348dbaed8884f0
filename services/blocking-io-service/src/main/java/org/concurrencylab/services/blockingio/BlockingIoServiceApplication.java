package org.concurrencylab.services.blockingio;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The system of "Resources utilization in reactive services": {@code GET /value} waits D on a
 * blocking call, then answers {@code 42}. Which stack, server and handler serve it is chosen by
 * properties, one combination per variant of the lab's catalog.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class BlockingIoServiceApplication {

    public static void main(String[] args) {
        SpringApplication.run(BlockingIoServiceApplication.class, args);
    }
}
