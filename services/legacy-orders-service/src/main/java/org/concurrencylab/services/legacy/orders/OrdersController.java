package org.concurrencylab.services.legacy.orders;

import java.util.Optional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /orders/{id}}; a database error (a timeout, an exhausted pool) answers 500, as the legacy did.
 * With {@code legacy.orders.reads-from-replica} the reads go to the hot standby.
 */
@RestController
class OrdersController {

    private final OrderViews views;
    private final Optional<ReplicaOrderViews> replicaViews;

    OrdersController(OrderViews views, Optional<ReplicaOrderViews> replicaViews) {
        this.views = views;
        this.replicaViews = replicaViews;
    }

    @GetMapping("/orders/{id}")
    Order order(@PathVariable long id) {
        return replicaViews.isPresent() ? replicaViews.get().view(id) : views.view(id);
    }
}
