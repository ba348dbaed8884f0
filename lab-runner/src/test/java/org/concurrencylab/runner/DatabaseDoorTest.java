package org.concurrencylab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Database;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.runner.component.DatabaseService;
import org.concurrencylab.runner.component.SharedComponents;
import org.concurrencylab.runner.environment.RunEnvironment;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.junit.jupiter.api.Test;

/**
 * legacy-chain's real PostgreSQL, knocked on as another user of the machine would: without a password,
 * with a guessed one, as its superuser, and over its Unix socket. Only the run's password opens it, and
 * what it opens is an ordinary role that owns the services' database.
 */
class DatabaseDoorTest extends RealServicesTest {

    @Test
    void onlyTheRunsPasswordLetsInAndOnlyAsAnOrdinaryRole() throws Exception {
        Experiment legacyChain = Catalog.experiment("legacy-chain").orElseThrow();
        RunEnvironment environment = new RunEnvironment(
                HOME,
                JavaRuntime.current(),
                Overrides.none()
                        .withScale(0.05)
                        .withCpus(2)
                        .resolve(legacyChain, Runtime.getRuntime().availableProcessors()),
                RunProgress.SILENT);

        try (SharedComponents shared = SharedComponents.start(legacyChain, environment, out)) {
            DatabaseService database = shared.database().orElseThrow();
            String url = database.address();
            String password = database.secrets().get(Database.PASSWORD_VARIABLE);
            assertThat(url).startsWith("jdbc:postgresql://127.0.0.1:").doesNotContain(password);
            String superuserUrl = url.substring(0, url.lastIndexOf('/') + 1) + "postgres";

            assertThatThrownBy(() -> connect(url, Database.SERVICE_ROLE, null)).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> connect(url, Database.SERVICE_ROLE, "lab")).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> connect(superuserUrl, "postgres", null)).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> connect(superuserUrl, "postgres", "postgres"))
                    .isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> connect(url, "postgres", password)).isInstanceOf(SQLException.class);

            try (Connection connection = connect(url, Database.SERVICE_ROLE, password);
                    ResultSet role = connection.createStatement().executeQuery("""
                         SELECT r.rolsuper, r.rolcreaterole, r.rolcreatedb, d.datdba = r.oid
                         FROM pg_roles r, pg_database d WHERE r.rolname = current_user AND d.datname = current_database()""")) {
                role.next();
                assertThat(role.getBoolean(1)).as("superuser").isFalse();
                assertThat(role.getBoolean(2)).as("may create roles").isFalse();
                assertThat(role.getBoolean(3)).as("may create databases").isFalse();
                assertThat(role.getBoolean(4)).as("owns its database").isTrue();
                assertThatThrownBy(() -> connection.createStatement().execute("COPY (SELECT 1) TO PROGRAM 'true'"))
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("permission denied");
            }
        }
    }

    private static Connection connect(String url, String user, String password) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        if (password != null) {
            properties.setProperty("password", password);
        }
        properties.setProperty("connectTimeout", "5");
        return DriverManager.getConnection(url, properties);
    }
}
