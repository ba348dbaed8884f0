package org.concurrencylab.catalog.legacychain;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The faults of legacy-chain's article, each a switch, declared by the layer they sit in (the HTTP client, the
 * database, the service's own code, its logging); the order the article fixed them in is
 * {@link #ARTICLE_ORDER}. A fix is
 * the properties that turn its fault off; the legacy is the services' defaults plus
 * {@link #LEGACY_PROPERTIES}, which set what Boot's own defaults would already have fixed.
 */
enum LegacyFix {
    HTTP_CLIENT(
            "http-client",
            "a pooled Apache HttpClient 5 (100 connections) with connect, read and pool-wait timeouts",
            Map.of("legacy.storefront.http-client", "POOLED")),
    DATABASE_TIMEOUTS(
            "database-timeouts",
            "HikariCP 40 connections, a pool wait of 50 D, statement_timeout 100 D, lock_timeout 50 D",
            Map.of(
                    orders("legacy.orders.database.pool-size"),
                    "40",
                    orders("legacy.orders.database.pool-wait-in-d"),
                    "50",
                    orders("legacy.orders.database.statement-timeout-in-d"),
                    "100",
                    orders("legacy.orders.database.lock-timeout-in-d"),
                    "50")),
    SAVE_REMOVED(
            "save-removed",
            "the save of the unchanged settings record removed",
            Map.of(orders("legacy.orders.save-unchanged-settings"), "false")),
    MAPPER_CACHED(
            "mapper-cached",
            "one JSON mapper for the application instead of one per request",
            Map.of("legacy.storefront.mapper-per-request", "false")),
    RESOURCE_CACHE(
            "resource-cache",
            "the resource chain's cache on and the resource locations optimized",
            Map.of(
                    "spring.web.resources.chain.cache",
                    "true",
                    "legacy.storefront.optimized-resources",
                    "true",
                    "spring.web.resources.add-mappings",
                    "false")),
    DEBUG_LOG("debug-log", "the stack-trace logger back at INFO", Map.of(LegacyFix.GATEWAY_LOGGER, "INFO")),
    CIRCUIT_BREAKER(
            "circuit-breaker",
            "Resilience4j's circuit breaker around the orders call",
            Map.of("legacy.storefront.circuit-breaker", "true"));

    static final String GATEWAY_LOGGER = "logging.level.org.concurrencylab.services.legacy.storefront.OrdersGateway";

    /** The legacy's own settings where Boot's defaults differ: the chain's cache off, the debug logger on. */
    static final Map<String, String> LEGACY_PROPERTIES =
            Map.of("spring.web.resources.chain.cache", "false", GATEWAY_LOGGER, "DEBUG");

    /**
     * The article's order, as steps: the HTTP clients' pools and timeouts first (its "let's try it again"),
     * then the save its database's monitoring found, then the database's own limits (pool, wait, write
     * timeout, and a circuit breaker so that the database is not overloaded with more requests), then
     * what the profiler found (the per-request mapper, the resource hashing), and the debug log.
     * The lab's breaker sits in the storefront around the orders call, one hop before the database,
     * rather than around the database itself.
     */
    static final List<List<LegacyFix>> ARTICLE_ORDER = List.of(
            List.of(HTTP_CLIENT),
            List.of(SAVE_REMOVED),
            List.of(DATABASE_TIMEOUTS, CIRCUIT_BREAKER),
            List.of(MAPPER_CACHED),
            List.of(RESOURCE_CACHE),
            List.of(DEBUG_LOG));

    private final String label;
    private final String description;
    private final Map<String, String> properties;

    LegacyFix(String label, String description, Map<String, String> properties) {
        this.label = label;
        this.description = description;
        this.properties = properties;
    }

    String label() {
        return label;
    }

    String description() {
        return description;
    }

    /** The legacy's properties with these fixes applied. */
    static Map<String, String> propertiesWith(List<LegacyFix> fixes) {
        Map<String, String> properties = new LinkedHashMap<>(LEGACY_PROPERTIES);
        fixes.forEach(fix -> properties.putAll(fix.properties));
        return properties;
    }

    private static String orders(String property) {
        return LegacyChainExperiment.ORDERS.property(property);
    }
}
