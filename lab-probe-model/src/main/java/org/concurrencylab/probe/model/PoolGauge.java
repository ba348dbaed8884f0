package org.concurrencylab.probe.model;

/**
 * A pool as it counts itself, read from what its library exposes (Tomcat's and HikariCP's JMX beans):
 * the truth the thread states only approximate, since a worker parked on a connection and a worker
 * parked for work look the same from outside.
 *
 * @param kind    what the pool holds: {@link #THREADS} or {@link #CONNECTIONS}
 * @param busy    members taken by requests now (Tomcat's busy threads, HikariCP's active connections)
 * @param size    members that exist now
 * @param max     the most it may have
 * @param waiting callers queued for a member now (HikariCP's threads awaiting a connection); null where
 *                the pool does not tell (Tomcat keeps its queue of accepted connections to itself)
 */
public record PoolGauge(String kind, int busy, int size, int max, Integer waiting) {

    public static final String THREADS = "threads";
    public static final String CONNECTIONS = "connections";
}
