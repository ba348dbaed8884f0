package org.concurrencylab.services.legacy.orders;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.concurrencylab.probe.SizingContributor;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The pool, built from {@link OrdersProperties} rather than Boot's {@code spring.datasource.*}, so
 * that one switch sets the pool and the database's own timeouts together, as the article's fix did.
 * PostgreSQL's timeouts travel as options of the JDBC URL: every pooled session starts with them.
 */
@Configuration(proxyBeanMethods = false)
class OrdersDataSource {

    /** HikariCP's "wait forever": a connection timeout of 0 means no timeout to it. */
    private static final long FOREVER = 0;

    @Bean(destroyMethod = "close")
    HikariDataSource dataSource(
            OrdersProperties properties,
            @Value("${lab.database.url}") String url,
            @Value("${lab.database.user:lab}") String user,
            @Value("${lab.database.password}") String password,
            @Value("${lab.downstream.latency}") Duration d) {
        return pool("orders", url, user, password, properties, d);
    }

    /**
     * A pool of {@link OrdersProperties}' size and wait on {@code url}, each session with the database's
     * own timeouts; the password reaches this JVM in its environment (LAB_DATABASE_PASSWORD), never on its
     * command line.
     */
    static HikariDataSource pool(
            String name, String url, String user, String password, OrdersProperties properties, Duration d) {
        HikariConfig config = new HikariConfig();
        config.setPoolName(name);
        config.setJdbcUrl(url + (url.contains("?") ? "&" : "?") + "options=" + sessionOptions(properties, d));
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(properties.database().poolSize());
        config.setMinimumIdle(properties.database().poolSize());
        Duration wait = properties.database().poolWait(d);
        config.setConnectionTimeout(wait.isZero() ? FOREVER : Math.max(250, wait.toMillis()));
        return new HikariDataSource(config);
    }

    /**
     * {@code -c statement_timeout=… -c lock_timeout=…}, URL-encoded; 0 is PostgreSQL's "none". With reads on
     * the standby, also {@code synchronous_commit=on}, PostgreSQL's default: a commit returns once its WAL
     * is written, and the standby can stream it at once. The lab's database turns it off for every session
     * else (its WAL is never synced to disk either way, fsync being off), and then a commit reaches the
     * standby only at the WAL writer's next round, 200 ms later: measured, 194.7 ms median against 0.23 ms.
     */
    static String sessionOptions(OrdersProperties properties, Duration d) {
        OrdersProperties.Database database = properties.database();
        return "-c%20statement_timeout=" + database.statementTimeout(d).toMillis() + "%20-c%20lock_timeout="
                + database.lockTimeout(d).toMillis()
                + (properties.readsFromReplica() ? "%20-c%20synchronous_commit=on" : "");
    }

    /** The reads on the hot standby, where {@code legacy.orders.reads-from-replica} asks for them. */
    @Bean
    @ConditionalOnBooleanProperty("legacy.orders.reads-from-replica")
    ReplicaOrderViews replicaOrderViews(
            JdbcClient primary,
            PlatformTransactionManager transactions,
            OrdersProperties properties,
            @Value("${lab.downstream.latency}") Duration d,
            MeterRegistry registry,
            @Value("${lab.database.replica-url:}") String replicaUrl,
            @Value("${lab.database.user:lab}") String user,
            @Value("${lab.database.password}") String password) {
        if (replicaUrl.isBlank()) {
            throw new IllegalStateException("legacy.orders.reads-from-replica needs the database's hot standby "
                    + "(lab.database.replica-url): the experiment declares its database with one");
        }
        return new ReplicaOrderViews(
                primary,
                new TransactionTemplate(transactions),
                properties,
                d,
                registry,
                pool("orders-replica", replicaUrl, user, password, properties, d));
    }

    @Bean
    SizingContributor ordersSizing(OrdersProperties properties, HikariDataSource dataSource) {
        return sizing -> {
            sizing.put("hikariMaximumPoolSize", dataSource.getMaximumPoolSize());
            sizing.put("hikariConnectionTimeoutMillis", dataSource.getConnectionTimeout());
            sizing.put("saveUnchangedSettings", properties.saveUnchangedSettings());
            sizing.put("readsFromReplica", properties.readsFromReplica());
        };
    }
}
