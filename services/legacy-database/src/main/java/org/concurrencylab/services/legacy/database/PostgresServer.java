package org.concurrencylab.services.legacy.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.concurrencylab.probe.SizingContributor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.FileSystemUtils;

/**
 * The server itself. Its settings are PostgreSQL's defaults except where the load needs room: 250
 * users behind two pools of up to a few hundred connections, and no fsync, because the lab measures
 * row locks and pools, not this machine's disk.
 */
@Configuration(proxyBeanMethods = false)
class PostgresServer {

    /** Where the lab reads this server's address from the probe's sizing. */
    static final String JDBC_URL_KEY = "jdbcUrl";

    @Bean(destroyMethod = "close")
    RunningPostgres postgres() throws IOException {
        Path dataDirectory = Files.createTempDirectory("lab-postgres-");
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(true)
                .setServerConfig("max_connections", "400")
                .setServerConfig("fsync", "off")
                .setServerConfig("synchronous_commit", "off")
                .setServerConfig("full_page_writes", "off")
                .start();
        PostmasterWatchdog.arm(dataDirectory);
        return new RunningPostgres(postgres, dataDirectory);
    }

    @Bean
    SizingContributor postgresSizing(RunningPostgres postgres) {
        return sizing -> {
            sizing.put(JDBC_URL_KEY, postgres.jdbcUrl());
            sizing.put("postgresPort", postgres.server().getPort());
            sizing.put("postmasterPid", postgres.postmasterPid());
        };
    }

    /** The server and its data directory, removed when it stops. */
    record RunningPostgres(EmbeddedPostgres server, Path dataDirectory) implements AutoCloseable {

        /** The server's own process, which the lab counts the CPU of, with its backends. */
        long postmasterPid() {
            try {
                return Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).getFirst().trim());
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }

        String jdbcUrl() {
            return server.getJdbcUrl("postgres", "postgres");
        }

        @Override
        public void close() throws IOException {
            try {
                server.close();
            } finally {
                FileSystemUtils.deleteRecursively(dataDirectory);
            }
        }
    }

}
