package org.concurrencylab.services.legacy.orders;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /orders/{id}}; a database error (a timeout, an exhausted pool) answers 500, as the legacy did. */
@RestController
class OrdersController {

    private final OrderViews views;

    OrdersController(OrderViews views) {
        this.views = views;
    }

    @GetMapping("/orders/{id}")
    Order order(@PathVariable long id) {
        return views.view(id);
    }
}
