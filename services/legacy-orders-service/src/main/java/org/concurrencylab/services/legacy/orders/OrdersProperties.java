package org.concurrencylab.services.legacy.orders;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The orders service's switches. Timeouts are given in multiples of D, the time each transaction
 * spends in the database after its writes, so that they scale with the run as D does.
 *
 * @param saveUnchangedSettings the legacy fault: every transaction saves the shop's settings record,
 *                              one row shared by all requests, with the value it already has
 * @param database              the pool and the database's own limits
 * @param readsFromReplica      the article's advice for a cluster of several nodes: the reads go to the
 *                              database's hot standby ({@code lab.database.replica-url}), the writes stay
 *                              on the primary
 */
@ConfigurationProperties("legacy.orders")
public record OrdersProperties(
        @DefaultValue("true") boolean saveUnchangedSettings,
        @DefaultValue Database database,
        @DefaultValue("false") boolean readsFromReplica) {

    /**
     * @param poolSize              HikariCP's maximum pool size (its default is 10)
     * @param poolWaitInD           how long a request waits for a pooled connection; 0: forever (the legacy)
     * @param statementTimeoutInD   PostgreSQL's {@code statement_timeout}; 0: none (its default)
     * @param lockTimeoutInD        PostgreSQL's {@code lock_timeout}; 0: none (its default)
     */
    public record Database(
            @DefaultValue("10") int poolSize,
            @DefaultValue("0") int poolWaitInD,
            @DefaultValue("0") int statementTimeoutInD,
            @DefaultValue("0") int lockTimeoutInD) {

        public Database {
            if (poolSize < 1 || poolWaitInD < 0 || statementTimeoutInD < 0 || lockTimeoutInD < 0) {
                throw new IllegalArgumentException("a pool of at least one connection, and no negative timeout");
            }
        }

        Duration poolWait(Duration d) {
            return d.multipliedBy(poolWaitInD);
        }

        Duration statementTimeout(Duration d) {
            return d.multipliedBy(statementTimeoutInD);
        }

        Duration lockTimeout(Duration d) {
            return d.multipliedBy(lockTimeoutInD);
        }
    }
}
