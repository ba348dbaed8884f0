package org.concurrencylab.services.legacy.orders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The orders service's two fault switches, on a real PostgreSQL: the save really rewrites the shared
 * settings row (a new row version, and its lock held), and the legacy's database waits are unbounded
 * while the fix bounds the pool wait, the statements and the lock waits. D is 10 ms here.
 */
class OrdersFaultSwitchesTest {

    private static final Map<String, String> FIXED_DATABASE = Map.of(
            "legacy.orders.database.pool-size",
            "40",
            "legacy.orders.database.pool-wait-in-d",
            "50",
            "legacy.orders.database.statement-timeout-in-d",
            "100",
            "legacy.orders.database.lock-timeout-in-d",
            "50");

    private static EmbeddedPostgres postgres;
    private final List<ConfigurableApplicationContext> started = new ArrayList<>();

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = EmbeddedPostgres.builder().setServerConfig("fsync", "off").start();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        postgres.close();
    }

    @AfterEach
    void stop() {
        started.forEach(ConfigurableApplicationContext::close);
    }

    private ConfigurableApplicationContext orders(Map<String, String> switches) {
        List<String> properties = new ArrayList<>(List.of(
                "server.port=0",
                "server.address=127.0.0.1",
                "lab.downstream.latency=PT0.01S",
                "lab.database.url=" + postgres.getJdbcUrl("postgres", "postgres"),
                "lab.database.user=postgres",
                "lab.database.password=postgres"));
        switches.forEach((key, value) -> properties.add(key + "=" + value));
        ConfigurableApplicationContext context = new SpringApplicationBuilder(LegacyOrdersServiceApplication.class)
                .properties(properties.toArray(String[]::new))
                .run();
        started.add(context);
        return context;
    }

    /** The settings row's version: PostgreSQL writes a new one with a new xmin for every UPDATE, changed or not. */
    private static String settingsVersion(ConfigurableApplicationContext context) {
        return context.getBean(JdbcClient.class)
                .sql("SELECT xmin::text FROM shop_settings WHERE id = 1")
                .query(String.class)
                .single();
    }

    @Test
    void theSaveRewritesTheSharedRowThoughNothingChangesAndItsRemovalDoesNot() {
        ConfigurableApplicationContext legacy = orders(Map.of());
        String before = settingsVersion(legacy);
        Order order = legacy.getBean(OrderViews.class).view(5);
        assertThat(order.currency()).isEqualTo("EUR");
        assertThat(settingsVersion(legacy)).isNotEqualTo(before);
        legacy.close();

        ConfigurableApplicationContext fixed = orders(Map.of("legacy.orders.save-unchanged-settings", "false"));
        String untouched = settingsVersion(fixed);
        fixed.getBean(OrderViews.class).view(5);
        assertThat(settingsVersion(fixed)).isEqualTo(untouched);
    }

    @Test
    void theLegacyWaitsOnTheRowsLockForeverAndTheFixGivesUpAfterItsLockTimeout() throws Exception {
        ConfigurableApplicationContext legacy = orders(Map.of());
        HikariDataSource legacyPool = legacy.getBean(HikariDataSource.class);
        assertThat(legacyPool.getMaximumPoolSize()).isEqualTo(10);
        assertThat(setting(legacyPool, "statement_timeout")).isEqualTo("0");
        assertThat(setting(legacyPool, "lock_timeout")).isEqualTo("0");
        try (Connection holder = postgres.getPostgresDatabase().getConnection()) {
            lockSettingsRow(holder);
            CompletableFuture<Order> blocked = CompletableFuture.supplyAsync(
                    () -> legacy.getBean(OrderViews.class).view(1));
            assertThatThrownBy(() -> blocked.get(1_500, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
            holder.rollback();
            assertThat(blocked.get(5, TimeUnit.SECONDS).id()).isEqualTo(1);
        }
        legacy.close();

        ConfigurableApplicationContext fixed = orders(FIXED_DATABASE);
        HikariDataSource fixedPool = fixed.getBean(HikariDataSource.class);
        assertThat(fixedPool.getMaximumPoolSize()).isEqualTo(40);
        assertThat(fixedPool.getConnectionTimeout()).isEqualTo(500);
        assertThat(setting(fixedPool, "statement_timeout")).isEqualTo("1s");
        assertThat(setting(fixedPool, "lock_timeout")).isEqualTo("500ms");
        try (Connection holder = postgres.getPostgresDatabase().getConnection()) {
            lockSettingsRow(holder);
            long start = System.nanoTime();
            assertThatThrownBy(() -> fixed.getBean(OrderViews.class).view(1))
                    .hasRootCauseInstanceOf(SQLException.class)
                    .rootCause()
                    .satisfies(cause ->
                            assertThat(((SQLException) cause).getSQLState()).isEqualTo("55P03"));
            assertThat((System.nanoTime() - start) / 1e6)
                    .as("lock_timeout of 50 D")
                    .isBetween(450.0, 1_400.0);
            holder.rollback();
        }
    }

    private static void lockSettingsRow(Connection connection) throws SQLException {
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            statement.execute("UPDATE shop_settings SET currency = currency WHERE id = 1");
        }
    }

    private static String setting(HikariDataSource pool, String name) throws SQLException {
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement();
                var result = statement.executeQuery("SHOW " + name)) {
            result.next();
            return result.getString(1);
        }
    }
}
