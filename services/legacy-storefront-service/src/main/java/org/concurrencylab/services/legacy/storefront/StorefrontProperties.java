package org.concurrencylab.services.legacy.storefront;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The storefront's switches; every default is the legacy. Timeouts are in multiples of D, the orders
 * service's time in the database, so that they scale with the run as D does.
 *
 * @param httpClient         which client RestTemplate calls the orders service with
 * @param pool               the pooled client's limits and timeouts
 * @param mapperPerRequest   the legacy fault: a new JSON mapper for every request, its caches cold
 * @param circuitBreaker     Resilience4j's circuit breaker around the orders call
 * @param optimizedResources static resources served from their own locations, checked once at start
 * @param connectionRequestTimeout how long the default client's requests wait for one of its few pooled
 *                           connections before they fail; absent, HttpClient's own 3 minutes. The storefront
 *                           does not handle that failure: Spring MVC answers it with a 500
 */
@ConfigurationProperties("legacy.storefront")
public record StorefrontProperties(
        @DefaultValue("DEFAULT_POOL") HttpClientChoice httpClient,
        @DefaultValue Pool pool,
        @DefaultValue("true") boolean mapperPerRequest,
        @DefaultValue("false") boolean circuitBreaker,
        @DefaultValue("false") boolean optimizedResources,
        Duration connectionRequestTimeout) {

    public StorefrontProperties {
        if (connectionRequestTimeout != null && !connectionRequestTimeout.isPositive()) {
            throw new IllegalArgumentException(
                    "a connection request timeout is longer than nothing; " + connectionRequestTimeout + " is not");
        }
    }

    public enum HttpClientChoice {
        /**
         * The article's legacy: Apache HttpClient 5 as {@code new HttpComponentsClientHttpRequestFactory()} builds it,
         * its default connection manager (a few connections per route) and no response timeout.
         */
        DEFAULT_POOL,
        /** Apache HttpClient 5 with a bounded pool and every timeout, as the article's fix. */
        POOLED
    }

    /**
     * @param maxTotal                       connections to all routes
     * @param maxPerRoute                    connections to the orders service
     * @param connectTimeoutInD              to open a connection
     * @param readTimeoutInD                 to wait for the answer (HttpClient's response timeout)
     * @param connectionRequestTimeoutInD    to wait for a pooled connection
     */
    public record Pool(
            @DefaultValue("100") int maxTotal,
            @DefaultValue("100") int maxPerRoute,
            @DefaultValue("20") int connectTimeoutInD,
            @DefaultValue("100") int readTimeoutInD,
            @DefaultValue("50") int connectionRequestTimeoutInD) {

        public Pool {
            if (maxTotal < 1 || maxPerRoute < 1 || maxPerRoute > maxTotal) {
                throw new IllegalArgumentException("a pool needs 1 <= max per route <= max total");
            }
            if (connectTimeoutInD < 1 || readTimeoutInD < 1 || connectionRequestTimeoutInD < 1) {
                throw new IllegalArgumentException("every timeout of the pooled client is at least D");
            }
        }

        Duration connectTimeout(Duration d) {
            return d.multipliedBy(connectTimeoutInD);
        }

        Duration readTimeout(Duration d) {
            return d.multipliedBy(readTimeoutInD);
        }

        Duration connectionRequestTimeout(Duration d) {
            return d.multipliedBy(connectionRequestTimeoutInD);
        }
    }
}
