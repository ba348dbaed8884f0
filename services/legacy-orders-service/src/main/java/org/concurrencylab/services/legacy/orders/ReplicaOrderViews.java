package org.concurrencylab.services.legacy.orders;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * One view of an order with its reads on the database's hot standby, the writes on the primary, as a
 * client with {@code readPreference=secondaryPreferred} does: the shop's settings are read on the
 * standby, the order's view is counted (and the settings saved, where that fault is on) in one
 * transaction on the primary, which spends D there as {@link OrderViews} does, and the order is then read
 * back on the standby.
 * <p>
 * Replication is asynchronous, so that read may not see the view this request has just committed. Each
 * read back is timed as a hold of the standby's connection, under resource {@value #SEEN} where it
 * returned the request's own write and {@value #MISSED} where it returned the row before it: their counts
 * are how often a read right after a write missed it.
 */
final class ReplicaOrderViews implements DisposableBean {

    /** The read back returned the view this request committed. */
    static final String SEEN = "replica-read-saw-own-write";
    /** The read back returned the row as it was before this request's commit. */
    static final String MISSED = "replica-read-missed-own-write";

    private final JdbcClient primary;
    private final TransactionTemplate transaction;
    private final HikariDataSource replicaPool;
    private final JdbcClient replica;
    private final OrdersProperties properties;
    private final double dInSeconds;
    private final Timer sawOwnWrite;
    private final Timer missedOwnWrite;

    /** @param replicaPool the pool on the standby, read-only; closed with this bean */
    ReplicaOrderViews(
            JdbcClient primary,
            TransactionTemplate transaction,
            OrdersProperties properties,
            Duration d,
            MeterRegistry registry,
            HikariDataSource replicaPool) {
        this.primary = primary;
        this.transaction = transaction;
        this.properties = properties;
        this.dInSeconds = d.toNanos() / 1e9;
        this.replicaPool = replicaPool;
        this.replica = JdbcClient.create(replicaPool);
        this.sawOwnWrite = hold(registry, SEEN);
        this.missedOwnWrite = hold(registry, MISSED);
    }

    private static Timer hold(MeterRegistry registry, String resource) {
        return Timer.builder("lab.hold")
                .tag("resource", resource)
                .description("a read on the standby right after this request's own commit on the primary")
                .register(registry);
    }

    Order view(long id) {
        String currency = replica.sql("SELECT currency FROM shop_settings WHERE id = 1")
                .query(String.class)
                .single();
        Long committedViews = transaction.execute(status -> {
            long views = primary.sql("UPDATE orders SET views = views + 1 WHERE id = ? RETURNING views")
                    .param(id)
                    .query(Long.class)
                    .single();
            if (properties.saveUnchangedSettings()) {
                primary.sql("UPDATE shop_settings SET currency = ? WHERE id = 1")
                        .param(currency)
                        .update();
            }
            primary.sql("SELECT pg_sleep(?)").param(dInSeconds).query().singleValue();
            return views;
        });
        long started = System.nanoTime();
        Order order = replica.sql(OrderViews.ORDER_BY_ID)
                .param(id)
                .query(OrderViews.orderIn(currency))
                .single();
        (order.views() >= committedViews ? sawOwnWrite : missedOwnWrite)
                .record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
        return order;
    }

    @Override
    public void destroy() {
        replicaPool.close();
    }
}
