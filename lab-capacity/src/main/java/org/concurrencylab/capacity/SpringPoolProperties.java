package org.concurrencylab.capacity;

import java.util.Collection;
import java.util.Optional;

/**
 * The Spring Boot property that sizes a pool the probe names, where one does: Tomcat's workers and a
 * HikariCP data source Boot configured. A pool the application builds in its own code has none, and a second
 * HikariCP pool is the application's own too (Boot's {@code spring.datasource.hikari.*} sizes one).
 */
public final class SpringPoolProperties {

    /** Tomcat's most worker threads. */
    public static final String TOMCAT_THREADS = "server.tomcat.threads.max";
    /** HikariCP's most connections of the data source Boot configures. */
    public static final String HIKARI_POOL = "spring.datasource.hikari.maximum-pool-size";

    static final String TOMCAT_WORKERS = "tomcat-workers";
    static final String HIKARI_PREFIX = "hikari:";

    private SpringPoolProperties() {}

    /**
     * @param pool  the pool as the probe names it
     * @param pools every pool the step showed, to tell Boot's one data source from several
     */
    public static Optional<String> of(String pool, Collection<String> pools) {
        if (pool.equals(TOMCAT_WORKERS)) {
            return Optional.of(TOMCAT_THREADS);
        }
        if (pool.startsWith(HIKARI_PREFIX)
                && pools.stream().filter(name -> name.startsWith(HIKARI_PREFIX)).count() == 1) {
            return Optional.of(HIKARI_POOL);
        }
        return Optional.empty();
    }
}
