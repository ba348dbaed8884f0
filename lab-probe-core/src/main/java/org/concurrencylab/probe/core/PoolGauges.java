package org.concurrencylab.probe.core;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.management.AttributeList;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import org.concurrencylab.probe.model.PoolGauge;

/**
 * Reads the pools that count themselves through JMX, whatever version of Spring Boot registered them:
 * Tomcat's worker pools ({@code server.tomcat.mbeanregistry.enabled=true}) and HikariCP's connection
 * pools ({@code spring.datasource.hikari.register-mbeans=true}). By name, not by class, so that the probe
 * needs neither library on its class path.
 */
public final class PoolGauges {

    /** Pools appear while an application starts (a data source on its first use): look again this often. */
    private static final long LOOK_AGAIN_NANOS = 1_000_000_000L;

    private static final ObjectName TOMCAT_POOLS = name("*:type=ThreadPool,*");
    private static final ObjectName HIKARI_POOLS = name("com.zaxxer.hikari:type=Pool (*)");
    private static final String[] TOMCAT_ATTRIBUTES = {"currentThreadsBusy", "currentThreadCount", "maxThreads"};
    private static final String[] HIKARI_ATTRIBUTES = {
        "ActiveConnections", "TotalConnections", "ThreadsAwaitingConnection"
    };

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private List<ObjectName> tomcat = List.of();
    private List<ObjectName> hikari = List.of();
    private long lookedAt = System.nanoTime() - LOOK_AGAIN_NANOS;

    /** Every pool that tells its occupancy now, by the name the probe gives it. */
    public synchronized Map<String, PoolGauge> read() {
        long now = System.nanoTime();
        if (now - lookedAt >= LOOK_AGAIN_NANOS) {
            tomcat = sorted(server.queryNames(TOMCAT_POOLS, null));
            hikari = sorted(server.queryNames(HIKARI_POOLS, null));
            lookedAt = now;
        }
        Map<String, PoolGauge> gauges = new TreeMap<>();
        for (ObjectName pool : tomcat) {
            int[] values = ints(pool, TOMCAT_ATTRIBUTES);
            // on virtual threads Tomcat's executor has no pool to count, and answers -1
            if (values != null && values[2] > 0) {
                String connector = ObjectName.unquote(quoted(pool.getKeyProperty("name")));
                gauges.put(
                        tomcat.size() == 1 ? ThreadPools.TOMCAT_WORKERS : ThreadPools.TOMCAT_WORKERS + ":" + connector,
                        new PoolGauge(PoolGauge.THREADS, values[0], values[1], values[2], null));
            }
        }
        for (ObjectName pool : hikari) {
            int[] values = ints(pool, HIKARI_ATTRIBUTES);
            String poolName = hikariName(pool);
            int max = maximumPoolSize(poolName);
            if (values != null && max > 0) {
                gauges.put(
                        HIKARI_PREFIX + poolName,
                        new PoolGauge(PoolGauge.CONNECTIONS, values[0], values[1], max, values[2]));
            }
        }
        return gauges;
    }

    /** How the probe names a HikariCP pool: {@code hikari:HikariPool-1}. */
    public static final String HIKARI_PREFIX = "hikari:";

    /** {@code com.zaxxer.hikari:type=Pool (HikariPool-1)} names the pool {@code HikariPool-1}. */
    private static String hikariName(ObjectName pool) {
        String type = pool.getKeyProperty("type");
        return type.substring(type.indexOf('(') + 1, type.lastIndexOf(')'));
    }

    private int maximumPoolSize(String poolName) {
        try {
            Object value = server.getAttribute(
                    name("com.zaxxer.hikari:type=PoolConfig (" + poolName + ")"), "MaximumPoolSize");
            return value instanceof Number number ? number.intValue() : -1;
        } catch (Exception gone) {
            return -1;
        }
    }

    /** The attributes as ints, or null where the bean went away or answered something else. */
    private int[] ints(ObjectName bean, String[] attributes) {
        try {
            AttributeList list = server.getAttributes(bean, attributes);
            if (list.size() != attributes.length) {
                return null;
            }
            int[] values = new int[attributes.length];
            for (int i = 0; i < attributes.length; i++) {
                if (!(list.asList().get(i).getValue() instanceof Number number)) {
                    return null;
                }
                values[i] = number.intValue();
            }
            return values;
        } catch (Exception gone) {
            return null;
        }
    }

    private static String quoted(String value) {
        return value != null && value.startsWith("\"") ? value : ObjectName.quote(String.valueOf(value));
    }

    private static List<ObjectName> sorted(Set<ObjectName> names) {
        List<ObjectName> list = new ArrayList<>(names);
        list.sort(null);
        return List.copyOf(list);
    }

    private static ObjectName name(String name) {
        try {
            return new ObjectName(name);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException(name, e);
        }
    }
}
