package org.concurrencylab.services.legacy.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Base64;
import java.util.Map;
import org.concurrencylab.probe.SizingContributor;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.FileSystemUtils;

/**
 * The server itself. Its settings are PostgreSQL's defaults except where the load needs room: 250
 * users behind two pools of up to a few hundred connections, and no fsync, because the lab measures
 * row locks and pools, not this machine's disk.
 *
 * <p>Nobody gets in without a password: the superuser's is made here and never leaves this JVM, and
 * the services' role {@value #SERVICE_ROLE} owns its database, is no superuser (so no {@code COPY …
 * TO PROGRAM}), and logs in with the password the lab made for the run. The server listens on
 * 127.0.0.1 and on a socket inside its own owner-only data directory.
 */
@Configuration(proxyBeanMethods = false)
class PostgresServer {

    /** Where the lab reads this server's address from the probe's sizing. */
    static final String JDBC_URL_KEY = "jdbcUrl";
    /** Where the lab reads the hot standby's address, when one was asked for ({@code lab.database.standby}). */
    static final String STANDBY_JDBC_URL_KEY = "standbyJdbcUrl";
    /** The services' role and database; their password is the run's own ({@code lab.database.password}). */
    static final String SERVICE_ROLE = "lab";
    /** What the lab makes: URL-safe base64, so it is safe inside a SQL literal. */
    private static final String PASSWORD_PATTERN = "[A-Za-z0-9_-]{16,}";

    /**
     * Every server's settings, the standby's as well (a hot standby must allow as many connections as
     * its primary).
     */
    private static final Map<String, String> SERVER_CONFIG = Map.of(
            "listen_addresses", "127.0.0.1",
            "unix_socket_permissions", "0700",
            "max_connections", "400",
            "fsync", "off",
            "synchronous_commit", "off",
            "full_page_writes", "off");

    @Bean(destroyMethod = "close")
    RunningPostgres postgres(
            @Value("${lab.database.password:}") String servicePassword,
            @Value("${lab.database.standby:false}") boolean withStandby)
            throws IOException, SQLException {
        if (!servicePassword.matches(PASSWORD_PATTERN)) {
            throw new IllegalStateException(
                    "no password for the services' role in the environment: the lab gives one to each run");
        }
        // rwx------ on POSIX: PostgreSQL wants it so, and its socket is made inside it
        Path dataDirectory = Files.createTempDirectory("lab-postgres-");
        Path superuserPasswordFile = Files.createTempFile("lab-postgres-superuser-", ".txt");
        String superuserPassword = newPassword();
        EmbeddedPostgres postgres;
        try {
            Files.writeString(superuserPasswordFile, superuserPassword);
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(true)
                    // Spring's own hook closes this bean; a second hook of zonky's raced it, and the two
                    // deletions of the data directory left it behind, empty
                    .setRegisterShutdownHook(false)
                    // initdb's options: every login needs a password, the superuser's own among them
                    .setLocaleConfig("auth-host", "scram-sha-256")
                    .setLocaleConfig("auth-local", "scram-sha-256")
                    .setLocaleConfig("pwfile", superuserPasswordFile.toString())
                    .setConnectConfig("password", superuserPassword)
                    .setServerConfig("unix_socket_directories", dataDirectory.toString());
            SERVER_CONFIG.forEach(builder::setServerConfig);
            postgres = builder.start();
        } finally {
            Files.deleteIfExists(superuserPasswordFile);
        }
        PostmasterWatchdog.arm(dataDirectory);
        RunningPostgres running = new RunningPostgres(postgres, dataDirectory);
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE ROLE " + SERVICE_ROLE + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '"
                    + servicePassword + "'");
            statement.execute("CREATE DATABASE " + SERVICE_ROLE + " OWNER " + SERVICE_ROLE);
        } catch (SQLException e) {
            running.close();
            throw e;
        }
        return withStandby ? withStandby(running, superuserPassword) : running;
    }

    /** The primary with a hot standby beside it, both stopped and removed when this JVM stops them or dies. */
    private static RunningPostgres withStandby(RunningPostgres primary, String superuserPassword)
            throws IOException, SQLException {
        Path standbyDirectory = Files.createTempDirectory("lab-postgres-standby-");
        try {
            EmbeddedPostgres standby = HotStandby.start(
                    primary.server(), primary.dataDirectory(), standbyDirectory, superuserPassword, SERVER_CONFIG);
            RunningPostgres running =
                    new RunningPostgres(primary.server(), primary.dataDirectory(), standby, standbyDirectory);
            PostmasterWatchdog.arm(standbyDirectory);
            return running;
        } catch (IOException | SQLException | RuntimeException e) {
            FileSystemUtils.deleteRecursively(standbyDirectory);
            primary.close();
            throw e;
        }
    }

    /** 192 random bits, URL-safe; it never leaves this JVM and the server. */
    private static String newPassword() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Bean
    SizingContributor postgresSizing(RunningPostgres postgres) {
        return sizing -> {
            sizing.put(JDBC_URL_KEY, postgres.jdbcUrl());
            sizing.put("postgresPort", postgres.server().getPort());
            sizing.put("postmasterPid", postgres.postmasterPid());
            if (postgres.standby() != null) {
                sizing.put(STANDBY_JDBC_URL_KEY, postgres.standbyJdbcUrl());
                sizing.put("standbyPostmasterPid", postgres.standbyPostmasterPid());
            }
        };
    }

    /**
     * The server and its data directory, removed when it stops; and its hot standby with its own, or
     * null for both where none was asked for.
     */
    record RunningPostgres(
            EmbeddedPostgres server,
            Path dataDirectory,
            @Nullable EmbeddedPostgres standby,
            @Nullable Path standbyDirectory)
            implements AutoCloseable {

        RunningPostgres(EmbeddedPostgres server, Path dataDirectory) {
            this(server, dataDirectory, null, null);
        }

        /** The server's own process, which the lab counts the CPU of, with its backends. */
        long postmasterPid() {
            return postmasterPid(dataDirectory);
        }

        long standbyPostmasterPid() {
            return standbyDirectory == null ? -1 : postmasterPid(standbyDirectory);
        }

        private static long postmasterPid(Path directory) {
            try {
                return Long.parseLong(Files.readAllLines(directory.resolve("postmaster.pid"))
                        .getFirst()
                        .trim());
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }

        /** Where the services connect, as the services' role; the password travels apart from it. */
        String jdbcUrl() {
            return "jdbc:postgresql://127.0.0.1:" + server.getPort() + "/" + SERVICE_ROLE;
        }

        /** The standby's address for the same role and database, read-only. */
        String standbyJdbcUrl() {
            return "jdbc:postgresql://127.0.0.1:" + standby.getPort() + "/" + SERVICE_ROLE;
        }

        /** The services' database, as the superuser: for the sampler, which must see every session. */
        Connection superuserConnection() throws SQLException {
            return server.getDatabase("postgres", SERVICE_ROLE).getConnection();
        }

        @Override
        public void close() throws IOException {
            try {
                if (standby != null) {
                    try {
                        standby.close();
                    } finally {
                        FileSystemUtils.deleteRecursively(standbyDirectory);
                    }
                }
            } finally {
                try {
                    server.close();
                } finally {
                    FileSystemUtils.deleteRecursively(dataDirectory);
                }
            }
        }
    }
}
