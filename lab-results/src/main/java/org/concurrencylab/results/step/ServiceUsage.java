package org.concurrencylab.results.step;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.concurrencylab.results.usage.Autoscaled;
import org.concurrencylab.results.usage.DatabaseUsage;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.results.usage.PoolOccupancy;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.results.usage.Threads;

/**
 * What the services and their pools did during one step, by the lab's probe and the services' own meters.
 * Every figure is null (or empty) where the probe did not watch the step, as for a load another engine drove.
 *
 * @param threads    the entry service's threads, by pool
 * @param process    the entry service's process: CPU, heap, context switches, its JIT
 * @param pools      pools that count their own members (Tomcat's workers, HikariCP), by the probe's name for
 *                   them; empty where the service exposes none
 * @param services   each service of the variant by its own meters, per article second: the entry service and
 *                   its chain; empty in results written before them
 * @param downstream what the service called: the downstream simulator, or the next service of a chain; null
 *                   where there is none
 * @param database   the database during the step; null where the experiment has none
 * @param profile    where the service's CPU went; null where the experiment does not profile its service
 * @param autoscaled what the variant's autoscaler read and did; null where it has none
 */
public record ServiceUsage(
        Threads threads,
        ProcessUsage process,
        Map<String, PoolOccupancy> pools,
        List<ServiceTimeline> services,
        DownstreamUsage downstream,
        DatabaseUsage database,
        ServiceProfile profile,
        Autoscaled autoscaled) {

    /** A step the probe did not watch: every figure unknown. */
    public static final ServiceUsage UNWATCHED = new ServiceUsage(null, null, null, null, null, null, null, null);

    public ServiceUsage {
        pools = pools == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(pools));
        services = services == null ? List.of() : List.copyOf(services);
    }
}
