package org.concurrencylab.services.legacy.orders;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * legacy-chain's downstream: {@code GET /orders/{id}} reads and writes PostgreSQL in one transaction
 * through HikariCP. Two of the article's faults live here, each a switch of {@link OrdersProperties}:
 * the database settings without any timeout, and the save of an unchanged field on one hot record.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class LegacyOrdersServiceApplication {

    public static void main(String[] args) {
        SpringApplication.run(LegacyOrdersServiceApplication.class, args);
    }
}
