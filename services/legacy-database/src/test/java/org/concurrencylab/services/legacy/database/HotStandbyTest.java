package org.concurrencylab.services.legacy.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A real primary and its hot standby: the standby is in recovery, refuses writes, and shows a row
 * the primary committed once it has replayed it; stopped, both servers and their directories are gone.
 */
class HotStandbyTest {

    private static final String PASSWORD = "a-password-for-the-test-0123";

    @Test
    void theStandbyReplaysWhatThePrimaryCommitsAndRefusesWrites() throws Exception {
        PostgresServer.RunningPostgres running;
        try (PostgresServer.RunningPostgres postgres = new PostgresServer().postgres(PASSWORD, true)) {
            running = postgres;
            assertThat(postgres.standbyPostmasterPid()).isPositive().isNotEqualTo(postgres.postmasterPid());
            try (Connection primary = DriverManager.getConnection(postgres.jdbcUrl(), "lab", PASSWORD);
                    Connection standby = DriverManager.getConnection(postgres.standbyJdbcUrl(), "lab", PASSWORD);
                    Statement onPrimary = primary.createStatement();
                    Statement onStandby = standby.createStatement()) {
                assertThat(single(onStandby, "SELECT pg_is_in_recovery()::text"))
                        .isEqualTo("true");
                onPrimary.execute("CREATE TABLE replicated (id int PRIMARY KEY, note text)");
                onPrimary.execute("INSERT INTO replicated VALUES (1, 'committed on the primary')");

                assertThat(awaitRow(onStandby, Duration.ofSeconds(10))).isEqualTo("committed on the primary");
                assertThatThrownBy(() -> onStandby.execute("INSERT INTO replicated VALUES (2, 'x')"))
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("read-only transaction");
            }
        }
        assertThat(Files.exists(running.dataDirectory())).isFalse();
        assertThat(Files.exists(Path.of(running.standbyDirectory().toString()))).isFalse();
    }

    private static String awaitRow(Statement onStandby, Duration patience) throws Exception {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            try (ResultSet row = onStandby.executeQuery("SELECT note FROM replicated WHERE id = 1")) {
                if (row.next()) {
                    return row.getString(1);
                }
            } catch (SQLException notYetReplayed) {
                // the table itself may not have been replayed yet
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the standby did not replay the row within " + patience);
            }
            Thread.sleep(20);
        }
    }

    private static String single(Statement statement, String sql) throws SQLException {
        try (ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getString(1);
        }
    }
}
