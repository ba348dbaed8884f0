package org.concurrencylab.runner;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.concurrencylab.catalog.Calibration;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.JitPolicy;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.WarmUp;
import org.concurrencylab.driver.Connections;
import org.concurrencylab.results.VariantResult;

/**
 * What every variant of one experiment shares in a run: the JDK, the scale, the CPU count the
 * services are given, the warm-up, how the client holds connections, how the JVMs compile, and the
 * start-up cache.
 */
final class RunEnvironment {

    private final JavaRuntime java;
    private final Scaled scaled;
    private final int cpus;
    private final int machineCpus;
    private final WarmUp warmUp;
    private final Connections connections;
    private final JitPolicy jit;
    private final StartupCache startupCache;
    private final RunProgress progress;
    private final Map<String, String> calibrated = new LinkedHashMap<>();

    RunEnvironment(JavaRuntime java, LabHome home, Scaled scaled, int cpus, int machineCpus, WarmUp warmUp,
                   Connections connections, JitPolicy jit, RunProgress progress) {
        this.java = java;
        this.scaled = scaled;
        this.cpus = cpus;
        this.machineCpus = machineCpus;
        this.warmUp = warmUp;
        this.connections = connections;
        this.jit = jit;
        this.progress = progress;
        this.startupCache = new StartupCache(java, home, progress::note);
    }

    /**
     * @param port       0 for any free port
     * @param downstream where the experiment's downstream simulator listens, if it has one
     */
    ServiceCommand command(Experiment experiment, Variant variant, int port, Optional<URI> downstream)
            throws InterruptedException {
        Map<String, String> properties = new LinkedHashMap<>(variant.properties());
        properties.putAll(calibrated);
        properties.put("server.port", Integer.toString(port));
        properties.put("lab.downstream.latency", scaled.of(experiment.downstreamLatency()).toString());
        properties.put("lab.probe.interval", scaled.probeInterval().toString());
        properties.put("lab.machine-cpus", Integer.toString(machineCpus));
        downstream.ifPresent(uri -> properties.put("lab.downstream.url", uri.toString()));
        StartupCache.Prepared prepared = startupCache.prepare(experiment.service(),
                variant.properties().getOrDefault("spring.main.web-application-type", "servlet"), jit, variant.properties());
        return new ServiceCommand(java, prepared.jar(), cpusFor(variant), jit, prepared.jvmFlags(), properties);
    }

    /**
     * Keeps what the first variant calibrated (see {@link Calibration}) for every later variant of
     * this experiment's run.
     */
    void learnCalibration(Experiment experiment, VariantResult result) {
        experiment.calibration().ifPresent(calibration -> {
            Object value = result.sizing().get(calibration.sizingKey());
            if (!calibrated.containsKey(calibration.property()) && value != null) {
                calibrated.put(calibration.property(), value.toString());
            }
        });
    }

    /** The downstream simulator sees the machine as it is: it must have every core it can use. */
    ServiceCommand downstreamCommand(Experiment experiment, String service) throws InterruptedException {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("server.port", "0");
        properties.put("lab.downstream.latency", scaled.of(experiment.downstreamLatency()).toString());
        properties.put("lab.probe.interval", scaled.probeInterval().toString());
        StartupCache.Prepared prepared = startupCache.prepare(service, "reactive", jit, Map.of());
        return new ServiceCommand(java, prepared.jar(), machineCpus, jit, prepared.jvmFlags(), properties);
    }

    int cpusFor(Variant variant) {
        return variant.cpus() == Variant.Cpus.OF_THIS_MACHINE ? machineCpus : cpus;
    }

    Scaled scaled() {
        return scaled;
    }

    WarmUp warmUp() {
        return warmUp;
    }

    int cpus() {
        return cpus;
    }

    Connections connections() {
        return connections;
    }

    JitPolicy jit() {
        return jit;
    }

    int machineCpus() {
        return machineCpus;
    }

    RunProgress progress() {
        return progress;
    }
}
