package org.concurrencylab.runner;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.WarmUpLoad;
import org.concurrencylab.runner.component.SharedComponents;
import org.concurrencylab.runner.environment.RunEnvironment;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.measure.PhaseClock;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.concurrencylab.runner.process.ServiceCommand;
import org.concurrencylab.runner.process.ServiceProcess;
import org.concurrencylab.runner.process.ServiceStartException;

/** Runs experiments variant by variant, checks their claims, and writes results/&lt;run&gt;/results.json. */
public final class LabRunner {

    /** The run and where its files are. */
    public record CompletedRun(RunResult result, Path directory) {}

    private static final String OS = System.getProperty("os.name") + " " + System.getProperty("os.arch");

    private final LabHome home;
    private final JavaRuntime java;
    private final RunProgress progress;
    /** One count over every experiment of the run, so that `./lab run all` shows one progress. */
    private int variantsStarted;

    private int variantsTotal;
    /** Where the run's time goes; a new one for each run. */
    private PhaseClock phases = new PhaseClock();
    /** The machine's physical cores, read once per run. */
    private OptionalInt machineCores = OptionalInt.empty();

    public LabRunner(LabHome home, JavaRuntime java, RunProgress progress) {
        this.home = home;
        this.java = java;
        this.progress = progress;
    }

    public CompletedRun run(List<Experiment> experiments, RunOptions options) throws IOException, InterruptedException {
        if (experiments.isEmpty()) {
            throw new IllegalArgumentException("a run needs at least one experiment");
        }
        phases = new PhaseClock();
        String started = Instant.now().toString();
        Path directory = RunDirectory.createIn(options.outDir(), "");
        List<String> planned = experiments.stream().map(Experiment::name).toList();
        RunResult written = null;
        int machineCpus = Runtime.getRuntime().availableProcessors();
        machineCores = MachineCpu.physicalCores();
        List<ExperimentResult> results = new ArrayList<>();
        // the run's own line names the first experiment's scale; each experiment records its own
        double firstScale = options.overrides()
                .resolve(experiments.getFirst(), machineCpus)
                .scaled()
                .scale();
        String springBoot = "unknown";
        variantsTotal = experiments.stream()
                .mapToInt(experiment -> chosen(experiment, options).size())
                .sum();
        variantsStarted = 0;
        // with load from other hosts the lab's own driver only warms the services: nothing it times is measured
        if (options.remoteLoad().isEmpty()) {
            progress.note("warming up the lab's own load drivers");
            phases.enter(null, PhaseClock.Phase.DRIVER_WARM_UP);
            DriverWarmUp.run();
        }
        for (Experiment experiment : experiments) {
            RunSettings settings = options.overrides().resolve(experiment, machineCpus);
            RunEnvironment environment =
                    new RunEnvironment(home, java, settings, progress, options.remoteLoad(), phases);
            String bootSoFar = springBoot;
            List<ExperimentResult> before = List.copyOf(results);
            // each variant is on disk as soon as it ends, its experiment's claims not yet checked: a run
            // killed later keeps it for ./lab report
            ExperimentResult result = run(
                    experiment,
                    chosen(experiment, options),
                    environment,
                    directory,
                    unfinished -> ResultsJson.write(
                            new RunResult(
                                    runInfo(
                                                    directory,
                                                    firstScale,
                                                    machineCpus,
                                                    planned,
                                                    started,
                                                    springBootOf(unfinished, bootSoFar))
                                            .stoppedIn(experiment.name())
                                            .build(),
                                    append(before, unfinished)),
                            directory));
            springBoot = springBootOf(result, springBoot);
            results.add(result);
            RunInfo.Builder info = runInfo(directory, firstScale, machineCpus, planned, started, springBoot);
            if (results.size() == experiments.size()) {
                info.finishedAt(Instant.now().toString());
            } else {
                info.unfinished();
            }
            written = new RunResult(info.build(), List.copyOf(results));
            ResultsJson.write(written, directory);
            progress.experimentWritten(experiment.name(), results.size(), experiments.size(), directory);
        }
        return new CompletedRun(written, directory);
    }

    /** What every results.json of this run says of it, before it says how far the run got. */
    private RunInfo.Builder runInfo(
            Path directory, double scale, int machineCpus, List<String> planned, String started, String springBoot) {
        return RunInfo.custom(directory.getFileName().toString())
                .scale(scale)
                .machineCpus(machineCpus)
                .machineCores(machineCores)
                .planned(planned, started)
                .platform(java.version(), springBoot, OS)
                .timeBudget(phases.budget());
    }

    /** The Spring Boot version the experiment's services reported, else what the run knew already. */
    private static String springBootOf(ExperimentResult experiment, String known) {
        return experiment.variants().stream()
                .flatMap(variant -> variant.sizing().text("springBoot").stream())
                .findFirst()
                .orElse(known);
    }

    private static List<ExperimentResult> append(List<ExperimentResult> finished, ExperimentResult unfinished) {
        List<ExperimentResult> all = new ArrayList<>(finished);
        all.add(unfinished);
        return all;
    }

    /** @param keep called with the experiment as it stands after each variant, claims and findings not yet checked */
    private ExperimentResult run(
            Experiment experiment,
            List<Variant> variants,
            RunEnvironment environment,
            Path directory,
            Consumer<ExperimentResult> keep)
            throws InterruptedException {
        List<VariantResult> results = new ArrayList<>();
        Map<String, Object> downstreamSizing = new TreeMap<>();
        phases.enter(null, PhaseClock.Phase.SHARED);
        try (SharedComponents shared = SharedComponents.start(
                experiment, environment, directory.resolve("logs").resolve(experiment.name()))) {
            shared.downstream().ifPresent(service -> downstreamSizing.putAll(service.sizing()));
            VariantRunner runner = new VariantRunner(environment);
            for (Variant variant : variants) {
                progress.variantStarted(experiment.name(), variant.name(), ++variantsStarted, variantsTotal);
                VariantResult result = shared.failure().isPresent()
                        ? VariantRunner.failed(
                                variant,
                                environment.cpusFor(variant),
                                shared.failure().get())
                        : runner.run(experiment, variant, directory, shared);
                phases.enter(null, PhaseClock.Phase.RESULTS);
                environment.learnCalibration(experiment, result);
                progress.variantFinished(result);
                results.add(result);
                keep.accept(result(experiment, environment, downstreamSizing, results, List.of(), List.of()));
                progress.variantWritten(directory);
            }
        }
        Duration serviceTime = environment.scaled().of(experiment.downstreamLatency());
        Measurements measurements = Measurements.of(experiment, results, serviceTime, environment.machineCpus())
                .on(MachineCpu.shape(machineCores));
        List<ClaimResult> claims = experiment.claims().stream()
                .map(claim -> claim.evaluate(measurements))
                .toList();
        List<String> findings = experiment.findings().stream()
                .flatMap(finding -> finding.describe(measurements).stream())
                .toList();
        return result(experiment, environment, downstreamSizing, results, claims, findings);
    }

    private static ExperimentResult result(
            Experiment experiment,
            RunEnvironment environment,
            Map<String, Object> downstreamSizing,
            List<VariantResult> variants,
            List<ClaimResult> claims,
            List<String> findings) {
        Duration serviceTime = environment.scaled().of(experiment.downstreamLatency());
        return ExperimentResult.custom(experiment.name(), experiment.title())
                .seed(experiment.seedFile())
                .scale(environment.scaled().scale())
                .downstreamLatencyMillis(serviceTime.toNanos() / 1e6)
                .warmUp(new WarmUpLoad(
                        environment.warmUp().users(), environment.warmUp().lengthInD()))
                .jit(environment.jit().label())
                .downstreamSizing(downstreamSizing)
                .variants(variants)
                .claims(claims)
                .findings(findings)
                .build();
    }

    /**
     * Starts one variant for {@code ./lab serve}, with what it calls (its chain, a downstream
     * simulator, a database); closing stops them all.
     */
    public Served serve(Experiment experiment, Variant variant, int port, RunSettings settings, Path log)
            throws ServiceStartException, InterruptedException, IOException {
        return serve(experiment, variant, port, settings, log, ServiceCommand.LOOPBACK);
    }

    /** @param bind where the served service listens: {@link ServiceCommand#LOOPBACK}, or every interface when the user asked */
    public Served serve(Experiment experiment, Variant variant, int port, RunSettings settings, Path log, String bind)
            throws ServiceStartException, InterruptedException, IOException {
        RunEnvironment environment = new RunEnvironment(home, java, settings, progress);
        SharedComponents shared = SharedComponents.start(experiment, environment, log.getParent());
        if (shared.failure().isPresent()) {
            shared.close();
            throw new ServiceStartException(shared.failure().get());
        }
        try {
            return new Served(RunningVariant.start(environment, experiment, variant, log, shared, port, bind), shared);
        } catch (ServiceStartException | RuntimeException e) {
            shared.close();
            throw e;
        }
    }

    /** A served variant and what it calls; closing stops them all. */
    public static final class Served implements AutoCloseable {

        private final RunningVariant variant;
        private final SharedComponents shared;

        private Served(RunningVariant variant, SharedComponents shared) {
            this.variant = variant;
            this.shared = shared;
        }

        public ServiceProcess service() {
            return variant.entry().process();
        }

        /** Where each service of the variant answers: the entry service, then its chain. */
        public List<URI> serviceUris() {
            List<URI> uris = new ArrayList<>();
            uris.add(variant.entry().process().uri(""));
            variant.chainUris().forEach(uris::add);
            return uris;
        }

        /** What the served service calls, a line each: its chain, its downstream simulator, its database. */
        public List<String> calls() {
            List<String> calls = new ArrayList<>(variant.chainDescription());
            calls.addAll(shared.descriptions());
            return calls;
        }

        @Override
        public void close() {
            try {
                variant.close();
            } finally {
                shared.close();
            }
        }
    }

    private static List<Variant> chosen(Experiment experiment, RunOptions options) {
        if (options.variants().isEmpty()) {
            return experiment.variants();
        }
        return experiment.variants().stream()
                .filter(variant -> options.variants().contains(variant.name()))
                .toList();
    }
}
