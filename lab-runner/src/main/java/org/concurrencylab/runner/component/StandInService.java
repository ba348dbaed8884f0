package org.concurrencylab.runner.component;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.load.JitPolicy;
import org.concurrencylab.probe.model.ProbeReport;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.ProbeClient;
import org.concurrencylab.runner.process.ServiceCommand;
import org.concurrencylab.runner.process.ServiceProcess;
import org.concurrencylab.runner.process.ServiceStartException;
import org.concurrencylab.runner.process.StartupCache;
import org.concurrencylab.study.StudyDownstream;

/**
 * The stand-ins for a study's downstreams: one JVM of the downstream module serving every one of them from a
 * timer, each on a port of its own, started before the study's first variant and stopped after its last. A
 * variant learns each stand-in's address, {@code http://127.0.0.1:<port>}, in the property the study names; before
 * it starts, each stand-in is set to the latency the variant asks for in its {@code downstream.<name>.latency-ms}
 * (the study's own unless it does). Variants run one at a time, so one setting per stand-in is enough.
 *
 * <p>Its JVM compiles with C1 alone ({@link JitPolicy#C1_ONLY}): a stand-in waits on a timer, and it shares the
 * machine with the application it stands in for. C1 has compiled its path by the end of the study's warm-up and
 * is quiet after; C2 kept compiling through a study's first steps, which took CPU from the application measured.
 */
public final class StandInService implements AutoCloseable {

    static final String MODULE = "downstream-service";

    private final ServiceProcess process;
    private final ProbeClient probe;
    private final Map<String, StudyDownstream> downstreams;
    private final StandInControl control;

    private StandInService(ServiceProcess process, Map<String, StudyDownstream> downstreams, StandInControl control) {
        this.process = process;
        this.probe = new ProbeClient(process);
        this.downstreams = downstreams;
        this.control = control;
    }

    /**
     * Its jar as the lab's start-up cache has it: extracted, and with the cache a run of the experiments trained for
     * the same module, stack and compiler, where one was.
     */
    public static StartupCache.Prepared prepared(StartupCache cache) throws InterruptedException {
        return cache.prepare(MODULE, "reactive", JitPolicy.C1_ONLY, Map.of(), Map.of());
    }

    /** @param jar what {@link #prepared} gave */
    public static StandInService start(
            JavaRuntime java, StartupCache.Prepared jar, Map<String, StudyDownstream> downstreams, Path log)
            throws ServiceStartException, InterruptedException {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("server.port", "0");
        properties.put("lab.standin.names", String.join(",", downstreams.keySet()));
        downstreams
                .values()
                .forEach(downstream -> properties.put("lab.standin." + downstream.name() + ".body", downstream.body()));
        ServiceProcess process = ServiceProcess.start(
                ServiceCommand.custom(java, jar.jar())
                        .cpus(Runtime.getRuntime().availableProcessors())
                        .jit(JitPolicy.C1_ONLY)
                        .startupJvmFlags(jar.jvmFlags())
                        .properties(properties)
                        .build(),
                log);
        try {
            return new StandInService(process, downstreams, StandInControl.of(process, downstreams.keySet()));
        } catch (IOException | RuntimeException e) {
            process.close();
            throw new ServiceStartException("the stand-ins did not open their ports: " + e.getMessage());
        }
    }

    /**
     * Sets each stand-in to the variant's latency and gives the application's properties with each stand-in's
     * address: a variant's {@code downstream.<name>.latency-ms} is the lab's, not the application's, and is taken
     * out.
     */
    public Map<String, String> applicationProperties(Map<String, String> variant) throws IOException {
        Map<String, String> properties = new LinkedHashMap<>();
        for (StudyDownstream downstream : downstreams.values()) {
            String asked = variant.get(downstream.knob());
            Duration latency = asked == null ? downstream.latency() : Duration.ofMillis(Long.parseLong(asked.strip()));
            control.set(downstream.name(), latency, downstream.distribution());
            properties.put(downstream.property(), control.address(downstream.name()));
        }
        variant.forEach((key, value) -> {
            if (StudyDownstream.latencyKnobOf(key).isEmpty()) {
                properties.put(key, value);
            }
        });
        return properties;
    }

    public List<MachineCpu.Tracked> processes() {
        return List.of(new MachineCpu.Tracked("downstream", "stand-ins", process.pid()));
    }

    public ProbeReport readNow() throws IOException {
        return probe.readNow();
    }

    /** What the stand-ins served between two reads: every call, whichever stand-in it went to. */
    public static DownstreamUsage usage(ProbeReport before, ProbeReport after, long endEpochMillis) {
        return DownstreamService.usage(before, after, endEpochMillis, LoneCallee.NOT_MEASURED);
    }

    @Override
    public void close() throws IOException {
        try {
            probe.close();
            control.close();
        } finally {
            process.close();
        }
    }
}
