package org.concurrencylab.services.servletasync;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The service of "Servlet 3.0 async support in Spring and performance misconceptions": Tomcat with
 * 10 threads, and a handler that calls a sleep service (D) through a RestTemplate made per request,
 * either on the Tomcat thread or inside a Callable that Spring MVC runs on its async executor.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ServletAsyncServiceApplication {

    public static void main(String[] args) {
        SpringApplication.run(ServletAsyncServiceApplication.class, args);
    }
}
