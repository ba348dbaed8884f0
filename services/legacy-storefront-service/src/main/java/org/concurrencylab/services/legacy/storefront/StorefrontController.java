package org.concurrencylab.services.legacy.storefront;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.bind.annotation.ResponseStatus;

/**
 * The page and the JSON endpoint. The page shows one of the shop's 1000 orders, chosen at random so
 * that requests spread over the orders' rows as customers would; only the settings row is shared.
 */
@Controller
class StorefrontController {

    private static final int ORDERS = 1000;

    private final OrdersGateway orders;

    StorefrontController(OrdersGateway orders) {
        this.orders = orders;
    }

    @GetMapping("/")
    String page(Model model) {
        model.addAttribute("order", orders.fetch(ThreadLocalRandom.current().nextLong(1, ORDERS + 1)));
        return "storefront";
    }

    @GetMapping(value = "/api/orders/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    String json(@PathVariable long id) {
        return orders.mapper().writeValueAsString(orders.fetch(id));
    }

    /** An open circuit answers at once: the orders service is not called while it recovers. */
    @ExceptionHandler(CallNotPermittedException.class)
    @ResponseStatus(HttpStatus.SERVICE_UNAVAILABLE)
    @ResponseBody
    String circuitOpen() {
        return "orders are unavailable for a moment";
    }
}
