package org.concurrencylab.services.legacy.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A PostgreSQL hot standby of the primary: a copy of its data directory taken inside an online backup
 * ({@code pg_backup_start} / {@code pg_backup_stop}, so no tool beyond the server is needed), started in
 * standby mode, streaming the primary's WAL through a physical replication slot and answering read-only
 * queries while it replays. Replication is asynchronous, PostgreSQL's default: a commit on the primary
 * does not wait for the standby, so a read on it may not see a write just committed.
 */
final class HotStandby {

    /** The primary's slot for this standby: it keeps every WAL segment the standby has not received. */
    static final String SLOT = "lab_standby";

    /** What a running server owns and a copy must not carry: its pid, its options, zonky's lock, its WAL. */
    private static final Set<String> NOT_COPIED =
            Set.of("postmaster.pid", "postmaster.opts", "epg-lock", "pg_wal", "pg_replslot", "pg_stat_tmp");

    private HotStandby() {}

    /**
     * Copies the running primary into {@code standbyDirectory} (owner-only, as PostgreSQL wants it) and
     * starts it as a hot standby with {@code serverConfig}, which must allow at least the primary's
     * connections.
     */
    static EmbeddedPostgres start(
            EmbeddedPostgres primary,
            Path primaryDirectory,
            Path standbyDirectory,
            String superuserPassword,
            Map<String, String> serverConfig)
            throws IOException, SQLException {
        try (Connection connection = primary.getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("SELECT pg_create_physical_replication_slot('" + SLOT + "', true)");
            statement.execute("SELECT pg_backup_start('lab-standby', true)");
            copy(primaryDirectory, standbyDirectory);
            try (ResultSet stopped = statement.executeQuery("SELECT labelfile FROM pg_backup_stop(false)")) {
                stopped.next();
                Files.writeString(standbyDirectory.resolve("backup_label"), stopped.getString(1));
            }
        }
        Files.createDirectories(standbyDirectory.resolve("pg_wal"));
        Files.createDirectories(standbyDirectory.resolve("pg_replslot"));
        Files.createDirectories(standbyDirectory.resolve("pg_stat_tmp"));
        Files.writeString(standbyDirectory.resolve("standby.signal"), "");
        // the superuser's password, in the standby's own owner-only directory, as pg_basebackup -R writes it
        Files.writeString(
                standbyDirectory.resolve("postgresql.auto.conf"),
                "primary_conninfo = 'host=127.0.0.1 port=" + primary.getPort() + " user=postgres password="
                        + superuserPassword + " application_name=" + SLOT + "'\n"
                        + "primary_slot_name = '" + SLOT + "'\n",
                StandardOpenOption.APPEND);
        EmbeddedPostgres.Builder standby = EmbeddedPostgres.builder()
                .setDataDirectory(standbyDirectory)
                .setCleanDataDirectory(false)
                .setRegisterShutdownHook(false)
                .setConnectConfig("password", superuserPassword);
        serverConfig.forEach(standby::setServerConfig);
        return standby.setServerConfig("unix_socket_directories", standbyDirectory.toString())
                .start();
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            paths.filter(path -> !excluded(from.relativize(path))).forEach(path -> {
                Path target = to.resolve(from.relativize(path).toString());
                try {
                    if (Files.isDirectory(path)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(path, target);
                    }
                } catch (NoSuchFileException vanished) {
                    // a file the running server removed while it was copied: the backup's WAL replays it
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** What a running server owns: its own files above, and its socket with the socket's lock. */
    private static boolean excluded(Path relative) {
        return relative.getNameCount() > 0
                && (NOT_COPIED.contains(relative.getName(0).toString())
                        || relative.getFileName().toString().startsWith(".s.PGSQL."));
    }
}
