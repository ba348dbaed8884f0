package org.concurrencylab.runner.environment;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.LoopbackOnly;
import org.concurrencylab.driver.Progress;
import org.concurrencylab.results.step.Connections;

/**
 * Load that comes from other hosts: the lab still starts the variant, warms it up with its own driver,
 * and watches it with its probe, but each measured step is driven by an engine on the hosts named.
 * The entry service then listens on every interface, and the engine aims at the address those hosts
 * reach this one at.
 */
public interface RemoteLoad {

    /** The engine, as a step's plan names its driver. */
    String engine();

    /** The hosts the load comes from, as the user named them. */
    List<String> hosts();

    /** The address the load hosts reach this host at: where they send their requests. */
    String reachableAt();

    /** Whether the load hosts are this host's own loopback: then the service need not listen beyond it. */
    default boolean onThisHost() {
        return LoopbackOnly.isLoopbackName(reachableAt());
    }

    /**
     * Drives one step at {@code target}, split over the hosts, and returns every request they sent.
     *
     * @param workDirectory where the engine's plans and sample logs of this step go
     * @throws Incomplete when a host stopped before its share was done: what did arrive is in it
     */
    Driven drive(
            URI target,
            LoadStep step,
            Scaled scaled,
            Duration timeout,
            Connections connections,
            Path workDirectory,
            Progress progress)
            throws IOException, InterruptedException, Incomplete;

    /** A step's requests, and how many each host sent. */
    record Driven(LoadResult load, Map<String, Long> requestsByHost) {
        public Driven {
            requestsByHost = Collections.unmodifiableMap(new TreeMap<>(requestsByHost));
        }
    }

    /** A host stopped in the middle of a step. */
    final class Incomplete extends Exception {
        private final transient Driven arrived;

        public Incomplete(String message, Driven arrived) {
            super(message);
            this.arrived = arrived;
        }

        public Driven arrived() {
            return arrived;
        }
    }
}
