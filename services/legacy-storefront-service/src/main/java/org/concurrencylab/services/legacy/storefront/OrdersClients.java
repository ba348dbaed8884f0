package org.concurrencylab.services.legacy.storefront;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.httpcomponents.hc5.PoolingHttpClientConnectionManagerMetricsBinder;
import java.time.Duration;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;
import org.concurrencylab.probe.SizingContributor;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.web.client.RestTemplate;

/**
 * The RestTemplate the storefront calls the orders service with. Every client is built here by hand:
 * with HttpClient 5 on the class path, Boot's RestTemplateBuilder would quietly choose it with a pool
 * of its own, which is neither the legacy's nor the article's fix. The legacy's is the one the article
 * found, a default connection manager: what {@code new HttpComponentsClientHttpRequestFactory()} gets.
 */
@Configuration(proxyBeanMethods = false)
class OrdersClients {

    @Bean
    RestTemplate ordersRestTemplate(
            StorefrontProperties properties, @Value("${lab.downstream.latency}") Duration d, MeterRegistry registry) {
        return switch (properties.httpClient()) {
            case DEFAULT_POOL -> {
                HttpComponentsClientHttpRequestFactory factory =
                        new HttpComponentsClientHttpRequestFactory(HttpClients.custom()
                                .useSystemProperties()
                                .setConnectionManager(measured(defaultPool(), registry))
                                .build());
                if (properties.connectionRequestTimeout() != null) {
                    factory.setConnectionRequestTimeout(properties.connectionRequestTimeout());
                }
                yield new RestTemplate(factory);
            }
            case POOLED ->
                new RestTemplate(new HttpComponentsClientHttpRequestFactory(
                        pooledClient(measured(pool(properties.pool(), d), registry), properties.pool(), d)));
        };
    }

    /** Leased and pending connections as gauges, for the lab's windows and a Grafana panel. */
    private static PoolingHttpClientConnectionManager measured(
            PoolingHttpClientConnectionManager connections, MeterRegistry registry) {
        new PoolingHttpClientConnectionManagerMetricsBinder(connections, "orders").bindTo(registry);
        return connections;
    }

    /**
     * The connection manager {@code new HttpComponentsClientHttpRequestFactory()} gets from
     * {@code HttpClients.createSystem()}, built the same way so that its gauges can be read: HttpClient's
     * defaults, as the system properties leave them.
     */
    static PoolingHttpClientConnectionManager defaultPool() {
        return PoolingHttpClientConnectionManagerBuilder.create()
                .useSystemProperties()
                .build();
    }

    /**
     * Spring Framework 7 no longer sets HttpClient's connect timeout from the request factory; it
     * belongs to the pool's connection config, beside the socket (read) timeout.
     */
    static PoolingHttpClientConnectionManager pool(StorefrontProperties.Pool pool, Duration d) {
        return PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnTotal(pool.maxTotal())
                .setMaxConnPerRoute(pool.maxPerRoute())
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(pool.connectTimeout(d)))
                        .setSocketTimeout(Timeout.of(pool.readTimeout(d)))
                        .build())
                .build();
    }

    static CloseableHttpClient pooledClient(
            PoolingHttpClientConnectionManager connections, StorefrontProperties.Pool pool, Duration d) {
        return HttpClients.custom()
                .setConnectionManager(connections)
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(Timeout.of(pool.connectionRequestTimeout(d)))
                        .setResponseTimeout(Timeout.of(pool.readTimeout(d)))
                        .build())
                .disableAutomaticRetries()
                .build();
    }

    @Bean
    SizingContributor ordersClientSizing(StorefrontProperties properties) {
        return sizing -> {
            sizing.put("httpClient", properties.httpClient().name());
            if (properties.httpClient() == StorefrontProperties.HttpClientChoice.POOLED) {
                sizing.put("httpClientMaxTotal", properties.pool().maxTotal());
                sizing.put("httpClientMaxPerRoute", properties.pool().maxPerRoute());
            } else if (properties.httpClient() == StorefrontProperties.HttpClientChoice.DEFAULT_POOL) {
                PoolingHttpClientConnectionManager defaults = defaultPool();
                sizing.put("httpClientMaxTotal", defaults.getMaxTotal());
                sizing.put("httpClientMaxPerRoute", defaults.getDefaultMaxPerRoute());
                defaults.close();
                if (properties.connectionRequestTimeout() != null) {
                    sizing.put(
                            "httpClientConnectionRequestTimeoutMillis",
                            properties.connectionRequestTimeout().toMillis());
                }
            }
            sizing.put("mapperPerRequest", properties.mapperPerRequest());
            sizing.put("circuitBreaker", properties.circuitBreaker());
        };
    }
}
