package org.concurrencylab.services.legacy.storefront;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The storefront's call to the orders service. Two legacy faults sit on this common path: a JSON
 * mapper built for every answer (its serializer caches start cold each time, which is what makes it
 * expensive), and a full stack trace logged at debug level, which costs nothing unless the logger is
 * at DEBUG, as the legacy left it ({@code logging.level.org.concurrencylab.services.legacy.storefront.OrdersGateway}).
 */
@Component
class OrdersGateway {

    private static final Logger log = LoggerFactory.getLogger(OrdersGateway.class);

    private final RestTemplate restTemplate;
    private final StorefrontProperties properties;
    private final JsonMapper sharedMapper;
    private final CircuitBreaker circuitBreaker;
    private final String ordersUrl;

    OrdersGateway(
            RestTemplate ordersRestTemplate,
            StorefrontProperties properties,
            JsonMapper sharedMapper,
            CircuitBreakerRegistry circuitBreakers,
            @Value("${lab.services.orders.url}") String ordersUrl) {
        this.restTemplate = ordersRestTemplate;
        this.properties = properties;
        this.sharedMapper = sharedMapper;
        this.circuitBreaker = circuitBreakers.circuitBreaker("orders");
        this.ordersUrl = ordersUrl;
    }

    Order fetch(long id) {
        return properties.circuitBreaker() ? circuitBreaker.executeSupplier(() -> call(id)) : call(id);
    }

    /** The mapper the storefront uses for this request: a new one, or the application's. */
    JsonMapper mapper() {
        return properties.mapperPerRequest() ? JsonMapper.builder().build() : sharedMapper;
    }

    private Order call(long id) {
        String body = restTemplate.getForObject(ordersUrl + "/orders/{id}", String.class, id);
        Order order = mapper().readValue(body, Order.class);
        log.debug("order {} fetched for the storefront", id, new Throwable("where the order was fetched"));
        return order;
    }
}
