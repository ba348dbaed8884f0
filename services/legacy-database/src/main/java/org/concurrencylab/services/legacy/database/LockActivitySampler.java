package org.concurrencylab.services.legacy.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Reads {@code pg_stat_activity} and {@code pg_stat_database} every probe interval on a connection of
 * its own, and keeps the last samples for the lab to read after each step. Its own session is left
 * out of the counts.
 */
@Component
class LockActivitySampler implements AutoCloseable {

    private static final String SESSIONS = """
            SELECT count(*) FILTER (WHERE wait_event_type = 'Lock'),
                   count(*) FILTER (WHERE state = 'active'),
                   count(*),
                   (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()),
                   (SELECT xact_rollback FROM pg_stat_database WHERE datname = current_database())
            FROM pg_stat_activity
            WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
            """;
    private static final int CAPACITY = 20_000;

    private final Deque<LockActivity> samples = new ArrayDeque<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("lab-pg-sampler").daemon(true).factory());
    private final Connection connection;
    private final PreparedStatement statement;
    /** Every sample is a transaction of its own: left out of the commits counted for the services. */
    private long ownTransactions;

    LockActivitySampler(
            PostgresServer.RunningPostgres postgres, @Value("${lab.probe.interval:100ms}") Duration interval)
            throws SQLException {
        this.connection = postgres.superuserConnection();
        this.statement = connection.prepareStatement(SESSIONS);
        timer.scheduleAtFixedRate(this::sample, 0, interval.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void sample() {
        try (ResultSet row = statement.executeQuery()) {
            row.next();
            LockActivity activity = new LockActivity(
                    System.currentTimeMillis(),
                    row.getInt(1),
                    row.getInt(2),
                    row.getInt(3),
                    row.getLong(4) - ownTransactions++,
                    row.getLong(5));
            synchronized (samples) {
                if (samples.size() == CAPACITY) {
                    samples.removeFirst();
                }
                samples.addLast(activity);
            }
        } catch (SQLException e) {
            // the server is stopping; the next tick, if any, tries again
        }
    }

    List<LockActivity> since(long epochMillis) {
        synchronized (samples) {
            return samples.stream()
                    .filter(sample -> sample.epochMillis() >= epochMillis)
                    .toList();
        }
    }

    @Override
    public void close() throws SQLException {
        timer.shutdownNow();
        connection.close();
    }
}
