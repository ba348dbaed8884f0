package org.concurrencylab.services.legacy.orders;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import org.concurrencylab.probe.SizingContributor;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

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
        HikariConfig config = new HikariConfig();
        config.setPoolName("orders");
        config.setJdbcUrl(
                url + (url.contains("?") ? "&" : "?") + "options=" + sessionOptions(properties.database(), d));
        // the password reaches this JVM in its environment (LAB_DATABASE_PASSWORD), never on its command line
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(properties.database().poolSize());
        config.setMinimumIdle(properties.database().poolSize());
        Duration wait = properties.database().poolWait(d);
        config.setConnectionTimeout(wait.isZero() ? FOREVER : Math.max(250, wait.toMillis()));
        return new HikariDataSource(config);
    }

    /** {@code -c statement_timeout=… -c lock_timeout=…}, URL-encoded; 0 is PostgreSQL's "none". */
    static String sessionOptions(OrdersProperties.Database database, Duration d) {
        return "-c%20statement_timeout=" + database.statementTimeout(d).toMillis() + "%20-c%20lock_timeout="
                + database.lockTimeout(d).toMillis();
    }

    @Bean
    SizingContributor ordersSizing(OrdersProperties properties, HikariDataSource dataSource) {
        return sizing -> {
            sizing.put("hikariMaximumPoolSize", dataSource.getMaximumPoolSize());
            sizing.put("hikariConnectionTimeoutMillis", dataSource.getConnectionTimeout());
            sizing.put("saveUnchangedSettings", properties.saveUnchangedSettings());
        };
    }
}
