package org.concurrencylab.services.legacy.database;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * legacy-chain's database: a real PostgreSQL server, started from Maven Central's binaries, sampled
 * every probe interval for the sessions that wait on locks, and stopped with this JVM. The orders
 * service owns the schema and resets it when it starts, so every variant begins from the same rows.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class LegacyDatabaseApplication {

    public static void main(String[] args) {
        SpringApplication.run(LegacyDatabaseApplication.class, args);
    }
}
