package org.concurrencylab.runner.environment;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.concurrencylab.catalog.ChainedService;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.Calibration;
import org.concurrencylab.catalog.load.JitPolicy;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.catalog.load.WarmUp;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.runner.measure.PhaseClock;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.concurrencylab.runner.process.ServiceCommand;
import org.concurrencylab.runner.process.StartupCache;

/**
 * What every variant of one experiment shares in a run: the JDK, the scale, the CPU count the
 * services are given, the warm-up, how the client holds connections, how the JVMs compile, and the
 * start-up cache.
 */
public final class RunEnvironment {

    private final JavaRuntime java;
    private final RunSettings settings;
    private final StartupCache startupCache;
    private final RunProgress progress;
    private final Map<String, String> calibrated = new LinkedHashMap<>();
    private final Map<String, String> sharedSecrets = new LinkedHashMap<>();
    private final Optional<RemoteLoad> remoteLoad;
    private final PhaseClock phases;

    public RunEnvironment(LabHome home, JavaRuntime java, RunSettings settings, RunProgress progress) {
        this(home, java, settings, progress, Optional.empty(), new PhaseClock());
    }

    /**
     * @param remoteLoad where the measured steps' load comes from, when not from the lab's own driver here
     * @param phases     the run's clock of where its time goes
     */
    public RunEnvironment(
            LabHome home,
            JavaRuntime java,
            RunSettings settings,
            RunProgress progress,
            Optional<RemoteLoad> remoteLoad,
            PhaseClock phases) {
        this.remoteLoad = remoteLoad;
        this.phases = phases;
        this.java = java;
        this.settings = settings;
        this.progress = progress;
        this.startupCache = new StartupCache(home, java, progress::note);
    }

    /**
     * The command of the experiment's entry service for a variant.
     *
     * @param port   0 for any free port
     * @param wiring where what it calls listens: {@code lab.downstream.url} for the downstream simulator,
     *               {@code lab.services.<name>.url} for the services of its chain
     */
    public ServiceCommand command(
            Experiment experiment, Variant variant, int port, Map<String, String> wiring, Path log)
            throws InterruptedException {
        return command(
                experiment,
                experiment.service(),
                variant,
                ChainedService.entryPropertiesOf(variant),
                port,
                wiring,
                log);
    }

    /** The same, listening on {@code bind} ({@link ServiceCommand#LOOPBACK} unless the user asked for every interface). */
    public ServiceCommand command(
            Experiment experiment, Variant variant, int port, Map<String, String> wiring, Path log, String bind)
            throws InterruptedException {
        return command(experiment, variant, port, wiring, log).listeningOn(bind);
    }

    /** The command of one service of a variant, the entry service or one of its chain. */
    public ServiceCommand command(
            Experiment experiment,
            String module,
            Variant variant,
            Map<String, String> own,
            int port,
            Map<String, String> wiring,
            Path log)
            throws InterruptedException {
        Map<String, String> properties = new LinkedHashMap<>(own);
        properties.putAll(calibrated);
        properties.put("server.port", Integer.toString(port));
        properties.putAll(timing(experiment));
        properties.put("lab.machine-cpus", Integer.toString(settings.machineCpus()));
        properties.put("lab.log-file", log.toAbsolutePath().toString());
        properties.putAll(wiring);
        // a training start needs what the service connects to at start (a database), not a port
        Map<String, String> training = new LinkedHashMap<>(own);
        training.putAll(wiring);
        training.put("lab.downstream.latency", properties.get("lab.downstream.latency"));
        StartupCache.Prepared prepared;
        try (PhaseClock.Interval caching = phases.during(PhaseClock.Phase.CACHE_TRAINING)) {
            prepared = startupCache.prepare(
                    module,
                    own.getOrDefault("spring.main.web-application-type", "servlet"),
                    settings.jit(),
                    training,
                    sharedSecrets);
        }
        return ServiceCommand.custom(java, prepared.jar())
                .cpus(cpusFor(variant))
                .jit(settings.jit())
                .startupJvmFlags(prepared.jvmFlags())
                .properties(properties)
                .environment(sharedSecrets)
                .build();
    }

    /** The run's clock of where its time goes. */
    public PhaseClock phases() {
        return phases;
    }

    /**
     * Keeps what a started shared component gives every service in its environment (a database's
     * password), for every command made after it.
     */
    public void shareSecrets(Map<String, String> secrets) {
        sharedSecrets.putAll(secrets);
    }

    /**
     * Keeps what the first variant calibrated (see {@link Calibration}) for every later variant of
     * this experiment's run.
     */
    public void learnCalibration(Experiment experiment, VariantResult result) {
        experiment.calibration().ifPresent(calibration -> {
            result.sizing()
                    .text(calibration.sizingKey())
                    .ifPresent(value -> calibrated.putIfAbsent(calibration.property(), value));
        });
    }

    /**
     * A component every variant shares (a downstream simulator, a database): it sees the machine as it
     * is, since it must have every core it can use.
     */
    public ServiceCommand sharedComponentCommand(Experiment experiment, String module, String webApplicationType)
            throws InterruptedException {
        return sharedComponentCommand(experiment, module, webApplicationType, Map.of(), Map.of());
    }

    /**
     * @param secrets what the component needs in its environment to start at all (a database's password), its training too
     * @param declared the properties its declaration asks of it (a database's hot standby); its start-up cache's
     *     training runs without them
     */
    public ServiceCommand sharedComponentCommand(
            Experiment experiment,
            String module,
            String webApplicationType,
            Map<String, String> secrets,
            Map<String, String> declared)
            throws InterruptedException {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("server.port", "0");
        properties.putAll(timing(experiment));
        properties.putAll(declared);
        StartupCache.Prepared prepared;
        try (PhaseClock.Interval caching = phases.during(PhaseClock.Phase.CACHE_TRAINING)) {
            prepared = startupCache.prepare(module, webApplicationType, settings.jit(), Map.of(), secrets);
        }
        return ServiceCommand.custom(java, prepared.jar())
                .cpus(settings.machineCpus())
                .jit(settings.jit())
                .startupJvmFlags(prepared.jvmFlags())
                .properties(properties)
                .build();
    }

    /** D under S, and how finely and over what window the probe samples: what every service's clock needs. */
    private Map<String, String> timing(Experiment experiment) {
        Map<String, String> timing = new LinkedHashMap<>();
        timing.put(
                "lab.downstream.latency",
                scaled().of(experiment.downstreamLatency()).toString());
        // the probe samples finer when everything runs faster, but never below 25 ms (its own cost)
        timing.put(
                "lab.probe.interval",
                Duration.ofMillis(Math.max(25, Math.round(250 * scaled().scale())))
                        .toString());
        timing.put("lab.probe.window", scaled().articleSecond().toString());
        return timing;
    }

    public int cpusFor(Variant variant) {
        return settings.cpusFor(variant);
    }

    RunSettings settings() {
        return settings;
    }

    public Scaled scaled() {
        return settings.scaled();
    }

    public WarmUp warmUp() {
        return settings.warmUp();
    }

    int cpus() {
        return settings.cpus();
    }

    public Connections connections() {
        return settings.connections();
    }

    public JitPolicy jit() {
        return settings.jit();
    }

    public int machineCpus() {
        return settings.machineCpus();
    }

    public Optional<RemoteLoad> remoteLoad() {
        return remoteLoad;
    }

    public RunProgress progress() {
        return progress;
    }
}
