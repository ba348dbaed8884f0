package org.concurrencylab.services.downstream;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The services the articles' systems call: a metadata service (names and phone numbers, D each) and a
 * sleep service. Both answer from a timer, never from a blocked thread, so that thousands of calls
 * can be in flight on a handful of threads and the downstream is never what limits an experiment.
 */
@SpringBootApplication
public class DownstreamServiceApplication {

    public static void main(String[] args) {
        SpringApplication.run(DownstreamServiceApplication.class, args);
    }
}
