package org.concurrencylab.services.fanout;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The users service of "Improving processing time could harm service scalability":
 * {@code GET /users/{id}} asks the metadata service for a name and a phone number, D each, and
 * answers {@code {id, name, phoneNumber}}. How the two calls are made is the variant.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class FanOutServiceApplication {

    public static void main(String[] args) {
        // HttpURLConnection keeps at most 5 idle connections per host by default; a fan-out of a
        // dozen calls at once would then open and close connections on every call.
        if (System.getProperty("http.maxConnections") == null) {
            System.setProperty("http.maxConnections", "200");
        }
        SpringApplication.run(FanOutServiceApplication.class, args);
    }
}
