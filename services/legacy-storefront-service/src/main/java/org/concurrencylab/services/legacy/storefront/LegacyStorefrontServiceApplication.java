package org.concurrencylab.services.legacy.storefront;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * legacy-chain's upstream: a Thymeleaf page ({@code GET /}) and a JSON endpoint
 * ({@code GET /api/orders/{id}}), both showing an order fetched from the orders service through
 * RestTemplate. Five of the article's faults live here, each a switch of {@link StorefrontProperties}
 * or a Spring property: the HTTP client, the mapper built per request, the debug stack trace, the
 * resource chain without its cache, and no circuit breaker.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class LegacyStorefrontServiceApplication {

    public static void main(String[] args) {
        SpringApplication.run(LegacyStorefrontServiceApplication.class, args);
    }
}
