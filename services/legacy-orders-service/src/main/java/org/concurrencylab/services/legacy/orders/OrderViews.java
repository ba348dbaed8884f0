package org.concurrencylab.services.legacy.orders;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * One view of an order, in one transaction: read the order and the shop's settings, count the view
 * on the order's own row, and spend D in the database, as the article's document write did.
 * <p>
 * The legacy fault is the save in between: it writes the settings row back with the currency it just
 * read. The statement is a real UPDATE, so PostgreSQL takes the row's lock and writes a new version of
 * it even though nothing changes (an ORM would have skipped it; this is the save the article found),
 * and the lock is held until the transaction commits, D later: the save comes last, so the lock's hold is
 * D and the commit, the least it can be. Every request shares that one row:
 * one transaction at a time gets past it.
 * <p>
 * D is spent with {@code pg_sleep} inside the transaction so that it is the database's time, not this
 * machine's CPU: the lock's capacity is 1 / D whatever the processor. How long the lock was in fact
 * held, from the save's answer to the transaction's end, is timed ({@code lab.hold}, resource
 * {@code hot-row}): what a busy machine adds to D shows there, measured rather than modelled.
 */
@Service
class OrderViews {

    private final JdbcClient jdbc;
    private final OrdersProperties properties;
    private final double dInSeconds;
    private final Timer hotRowHolds;

    OrderViews(
            JdbcClient jdbc,
            OrdersProperties properties,
            @Value("${lab.downstream.latency}") Duration d,
            MeterRegistry registry) {
        this.jdbc = jdbc;
        this.properties = properties;
        this.dInSeconds = d.toNanos() / 1e9;
        this.hotRowHolds = Timer.builder("lab.hold")
                .tag("resource", "hot-row")
                .description("how long a transaction held the shop settings row's lock")
                .register(registry);
    }

    /** One order's row by its id. */
    static final String ORDER_BY_ID = "SELECT id, customer, status, total, views FROM orders WHERE id = ?";

    /** An order's row as the storefront shows it, in the shop's currency. */
    static RowMapper<Order> orderIn(String currency) {
        return (row, number) -> new Order(
                row.getLong("id"),
                row.getString("customer"),
                row.getString("status"),
                row.getBigDecimal("total"),
                currency,
                row.getLong("views"));
    }

    @Transactional
    public Order view(long id) {
        String currency = jdbc.sql("SELECT currency FROM shop_settings WHERE id = 1")
                .query(String.class)
                .single();
        jdbc.sql("UPDATE orders SET views = views + 1 WHERE id = ?").param(id).update();
        Order order = jdbc.sql(ORDER_BY_ID).param(id).query(orderIn(currency)).single();
        if (properties.saveUnchangedSettings()) {
            // the last write before D: the row stays locked for D and the commit, not for every statement
            jdbc.sql("UPDATE shop_settings SET currency = ? WHERE id = 1")
                    .param(currency)
                    .update();
            long locked = System.nanoTime();
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCompletion(int status) {
                    // committed or rolled back, the row's lock is released by now
                    hotRowHolds.record(System.nanoTime() - locked, TimeUnit.NANOSECONDS);
                }
            });
        }
        jdbc.sql("SELECT pg_sleep(?)").param(dInSeconds).query().singleValue();
        return order;
    }
}
