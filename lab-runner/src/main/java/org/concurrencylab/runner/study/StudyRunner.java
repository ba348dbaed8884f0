package org.concurrencylab.runner.study;

import static java.lang.String.format;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.concurrencylab.capacity.CapacityOfForks;
import org.concurrencylab.capacity.CapacityProjector;
import org.concurrencylab.capacity.Saturation;
import org.concurrencylab.capacity.ServiceCapacityModel;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.Origin;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.model.CapacityModel;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.Progress;
import org.concurrencylab.probe.model.ProbeReport;
import org.concurrencylab.probe.model.ProcessCounters;
import org.concurrencylab.results.AtomicFiles;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.VariantStatus;
import org.concurrencylab.results.WriteFailed;
import org.concurrencylab.results.capacity.CapacityCheck;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.capacity.ServiceCapacity;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.WarmUpLoad;
import org.concurrencylab.results.usage.BeyondLimit;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.runner.DriverWarmUp;
import org.concurrencylab.runner.LabRunner;
import org.concurrencylab.runner.RunDirectory;
import org.concurrencylab.runner.VariantRunner;
import org.concurrencylab.runner.component.StandInService;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.machine.AgentCost;
import org.concurrencylab.runner.machine.LabCompiler;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.measure.CpuPerRequest;
import org.concurrencylab.runner.measure.PhaseClock;
import org.concurrencylab.runner.measure.RequestLog;
import org.concurrencylab.runner.measure.RequestShares;
import org.concurrencylab.runner.measure.StepResults;
import org.concurrencylab.runner.process.ApplicationJar;
import org.concurrencylab.runner.process.CoreConfinement;
import org.concurrencylab.runner.process.ExtractedApplications;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.concurrencylab.runner.process.ProbeClient;
import org.concurrencylab.runner.process.ServiceStartException;
import org.concurrencylab.runner.process.StartupCache;
import org.concurrencylab.statistics.ForkSample;
import org.concurrencylab.statistics.forks.VariantAcrossForks;
import org.concurrencylab.study.Study;
import org.concurrencylab.study.StudyCheck;
import org.concurrencylab.study.StudyFile;

/**
 * Runs a {@link Study}: each variant of the user's application in its own JVM with the lab's agent,
 * warmed up, then steps of rising users until a pool holds the load back, errors appear, the machine's
 * CPU runs out or the variant's budget would be overrun; then the study's checks. Writes the same
 * results.json the experiments write, so that every report, {@code ./lab report} and {@code ./lab
 * compare} read it, and the study itself as {@value StudyFile#FILE_NAME} beside it.
 */
public final class StudyRunner {

    private final LabHome home;
    private final JavaRuntime java;
    private final RunProgress progress;
    private final StudyLoads loads = new StudyLoads();
    private final MachineCpu machineCpu = new MachineCpu();
    private final ExtractedApplications applications;
    /** The lab's own services a study starts beside its application: its database, its stand-ins. */
    private final StartupCache startupCache;
    /** Where the study's time goes; a new one for each study. */
    private PhaseClock phases = new PhaseClock();
    /** The database and stand-ins the lab started for the study; null outside a study's run. */
    private StudyServices services;

    private static final String DID_NOT_START = "did not start: ";

    /**
     * A study none of whose variants started: nothing was measured and nothing was written but the processes' logs;
     * the cause in one line.
     */
    public static final class NotStarted extends IOException {
        NotStarted(String message) {
            super(message);
        }
    }

    public StudyRunner(LabHome home, JavaRuntime java, RunProgress progress) {
        this.home = home;
        this.java = java;
        this.progress = progress;
        this.applications = new ExtractedApplications(home, java, progress::note);
        this.startupCache = new StartupCache(home, java, progress::note);
    }

    /**
     * @throws IllegalArgumentException before anything starts, where a header names an environment variable that is not set
     */
    public LabRunner.CompletedRun run(Study declared, Path outDir) throws IOException, InterruptedException {
        // the values go into the requests only: the study written beside the results keeps its ${VARIABLE}s
        Study study = declared.withRequests(declared.requests().resolved(System::getenv));
        phases = new PhaseClock();
        String started = Instant.now().toString();
        Path directory = RunDirectory.createIn(outDir, "");
        AtomicFiles.writeString(directory.resolve(StudyFile.FILE_NAME), StudyFile.write(declared));
        int machineCpus = Runtime.getRuntime().availableProcessors();
        progress.note("warming up the lab's own load drivers");
        phases.enter(null, PhaseClock.Phase.DRIVER_WARM_UP);
        DriverWarmUp.run();
        List<VariantResult> results = new ArrayList<>();
        List<String> findings = new ArrayList<>();
        List<ServiceCapacity> capacities = new ArrayList<>();
        try (StudyServices shared = StudyServices.start(startupCache, java, study, directory, progress, phases)) {
            services = shared;
            runVariants(study, directory, machineCpus, results, findings, capacities);
        } catch (NotStarted e) {
            RunDirectory.delete(directory);
            throw e;
        } finally {
            services = null;
        }
        if (results.stream()
                .allMatch(result -> result.failure() != null && result.failure().startsWith(DID_NOT_START))) {
            // nothing was measured: a results folder would hold a report of nothing, but the logs say why
            java.util.Optional<Path> logs = RunDirectory.keepOnlyLogs(directory);
            throw new NotStarted(study.jar().getFileName() + " "
                    + results.getFirst().failure()
                    + logs.map(kept -> " (its log is kept in " + kept + ")").orElse(""));
        }
        List<ClaimResult> checks = new ArrayList<>();
        for (int c = 0; c < study.checks().size(); c++) {
            StudyCheck check = study.checks().get(c);
            for (VariantResult result : results) {
                if (check.variant() == null || check.variant().equals(result.name())) {
                    checks.add(check.evaluate("check-" + (c + 1) + "-" + result.name(), result, results));
                }
            }
        }
        Optional<VariantResult> timed = results.stream()
                .filter(result -> result.sizing().get(VariantAcrossForks.ALONE_MILLIS) instanceof Number)
                .findFirst();
        double aloneMillis = timed.map(
                        result -> ((Number) result.sizing().get(VariantAcrossForks.ALONE_MILLIS)).doubleValue())
                .orElse(0.0);
        ExperimentResult experiment = ExperimentResult.custom(
                        study.name(),
                        "Your service: " + study.jar().getFileName() + ", "
                                + study.requests().describe())
                .downstreamLatencyMillis(
                        aloneMillis,
                        timed.flatMap(result -> VariantAcrossForks.aloneMillisInterval(result, Defaults.CONFIDENCE))
                                .orElse(null))
                .warmUp(new WarmUpLoad(
                        study.warmUpUsers(),
                        aloneMillis > 0 ? (int) Math.round(study.warmUp().toMillis() / aloneMillis) : 0))
                .jit(study.jit())
                .variants(results)
                .claims(checks)
                .findings(findings)
                .capacity(capacities)
                .build();
        String springBoot = results.stream()
                .map(result -> result.sizing().get("springBoot"))
                .filter(Objects::nonNull)
                .map(Object::toString)
                .findFirst()
                // an application that never loads SpringBootVersion (its own banner) still names it in its manifest
                .or(() -> ApplicationJar.springBootVersion(study.jar()))
                .orElse("unknown");
        RunResult run = new RunResult(
                RunInfo.custom(directory.getFileName().toString())
                        .scale(1)
                        .machineCpus(machineCpus)
                        .planned(List.of(study.name()), started)
                        .platform(
                                java.version(),
                                springBoot,
                                System.getProperty("os.name") + " " + System.getProperty("os.arch"))
                        .finishedAt(Instant.now().toString())
                        .timeBudget(phases.budget())
                        .build(),
                List.of(experiment));
        ResultsJson.write(run, directory);
        progress.experimentWritten(study.name(), 1, 1, directory);
        return new LabRunner.CompletedRun(run, directory);
    }

    private void runVariants(
            Study study,
            Path directory,
            int machineCpus,
            List<VariantResult> results,
            List<String> findings,
            List<ServiceCapacity> capacities)
            throws IOException, InterruptedException {
        List<Variant> declared = new ArrayList<>();
        for (String name : study.variants().keySet()) {
            declared.add(applicationVariant(name, summary(study, name), study.propertiesOf(name)));
        }
        Optional<Confined> confined = study.checkProjection()
                ? confined(study, declared.getFirst(), directory, machineCpus, findings)
                : Optional.empty();
        List<Variant> order = new ArrayList<>();
        confined.ifPresent(held -> order.add(held.variant()));
        order.addAll(declared);
        Map<String, List<VariantResult>> forks =
                runForks(study, order, directory, machineCpus, findings, confined, null);
        Optional<CapacityOfForks> onFewerCores = confined.flatMap(held -> {
            VariantResult result =
                    VariantAcrossForks.of(forks.get(held.variant().name()), Defaults.CONFIDENCE);
            results.add(result);
            return result.status() != VariantStatus.OK
                    ? Optional.empty()
                    : CapacityOfForks.of(result, held.confinement().cores(), Defaults.CONFIDENCE);
        });
        for (Variant variant : declared) {
            VariantResult result = VariantAcrossForks.of(forks.get(variant.name()), Defaults.CONFIDENCE);
            results.add(result);
            if (variant == declared.getFirst()) {
                onFewerCores
                        .map(fewer -> projectionChecked(projected(study, fewer.model()), fewer, result, machineCpus))
                        .ifPresent(capacities::add);
            }
            Optional<CapacityOfForks> capacity = result.status() != VariantStatus.OK
                    ? Optional.empty()
                    : CapacityOfForks.of(result, 0, Defaults.CONFIDENCE);
            Optional<ServiceCapacity> model = capacity.map(found -> projected(study, found.model()));
            if (model.isPresent() && study.verify() && study.untilHeldBack()) {
                model = Optional.of(measureAgain(
                        study, variant, model.get(), capacity.get(), directory, machineCpus, findings, results));
            }
            model.ifPresent(capacities::add);
        }
        if (study.forks() == 1) {
            findings.add("Each variant ran in one JVM (--forks 1): its figures carry no interval, and a second JVM of "
                    + "the same settings may read them tens of per cent apart.");
        }
    }

    /** The variant held to fewer cores, and the confinement (closed: each fork holds it {@link CoreConfinement#again}). */
    private record Confined(Variant variant, CoreConfinement confinement) {}

    /**
     * Every fork of every variant, interleaved (a1 b1 a2 b2 ...), so that a drift of the host falls on every variant
     * alike. The first fork of each runs the study's steps as its rule stops them; the later ones run the same steps,
     * so that every step has all its forks. A variant whose first fork did not start is not forked again.
     *
     * @param only the one step each fork runs; null for the study's steps
     */
    private Map<String, List<VariantResult>> runForks(
            Study study,
            List<Variant> order,
            Path directory,
            int machineCpus,
            List<String> findings,
            Optional<Confined> confined,
            String only)
            throws IOException, InterruptedException {
        Map<String, List<VariantResult>> forks = new LinkedHashMap<>();
        Map<String, List<String>> steps = new LinkedHashMap<>();
        int runs = study.forks() * order.size();
        int index = 0;
        for (int fork = 1; fork <= study.forks(); fork++) {
            for (Variant variant : order) {
                index++;
                List<VariantResult> ran = forks.computeIfAbsent(variant.name(), name -> new ArrayList<>());
                if (fork > 1
                        && ran.getFirst().failure() != null
                        && ran.getFirst().failure().startsWith(DID_NOT_START)) {
                    continue;
                }
                Fork which = new Fork(fork, study.forks());
                progress.variantStarted(study.name(), which.label(variant.name()), index, runs);
                CoreConfinement confinement = confined.filter(held -> held.variant() == variant)
                        .map(Confined::confinement)
                        .orElse(null);
                List<String> runs1 = only != null ? List.of(only) : steps.get(variant.name());
                VariantResult result;
                if (confinement != null) {
                    try (CoreConfinement held = confinement.again()) {
                        result = runVariant(study, variant, directory, machineCpus, findings, held, runs1, which);
                    }
                } else {
                    result = runVariant(study, variant, directory, machineCpus, findings, null, runs1, which);
                }
                phases.enter(null, PhaseClock.Phase.RESULTS);
                progress.variantFinished(result);
                ran.add(result);
                if (fork == 1) {
                    steps.put(
                            variant.name(),
                            result.steps().stream().map(StepResult::load).toList());
                }
            }
        }
        return forks;
    }

    /**
     * The first half of testing a projection: the first variant with the application held to half this machine's
     * cores (at least one) and the lab's processes to the rest; none, with the reason as a finding, where it cannot
     * be held.
     */
    private Optional<Confined> confined(
            Study study, Variant variant, Path directory, int machineCpus, List<String> findings)
            throws InterruptedException {
        int cores = Math.max(1, machineCpus / 2);
        String name = variant.name() + "-on-" + cores + (cores == 1 ? "-core" : "-cores");
        Variant confined = applicationVariant(
                name,
                variant.summary() + ", held to " + cores + " of this machine's " + machineCpus + " cores",
                variant.properties());
        // the lab is held to its cores only while the confined JVM runs: each of its forks holds it again
        try (CoreConfinement confinement =
                CoreConfinement.start(cores, machineCpus, java, study.jvmOptions(), directory)) {
            return Optional.of(new Confined(confined, confinement));
        } catch (IllegalArgumentException | IOException e) {
            findings.add("The projection was not tested: " + e.getMessage() + ".");
            return Optional.empty();
        }
    }

    /**
     * The second half: the fewer cores' model carried onto all of them, against what the variant measured there. Both
     * sides are the throughput the cores (or a pool) allow, not a step's throughput: a closed step's users also pace
     * it, and their lone request's time is itself slower on fewer cores (two threads that hand a request over share
     * one core). Measured, that is the heaviest step's throughput over the share of its limit it used: its cores'
     * busy share where they were the limit, without what the service's JIT compilers took, as the model reads c. Each
     * side is its forks' mean, with its interval over them.
     */
    private static ServiceCapacity projectionChecked(
            ServiceCapacity model, CapacityOfForks fewer, VariantResult measured, int machineCpus) {
        if (measured.status() != VariantStatus.OK || measured.steps().isEmpty()) {
            return model;
        }
        Saturation predicted = fewer.onCores(machineCpus);
        List<Double> allowed = new ArrayList<>();
        String allowedLimit = null;
        for (VariantResult fork : measured.runs()) {
            Optional<ServiceCapacity> there = ServiceCapacityModel.of(fork.name(), fork.steps());
            if (!fork.ok() || there.isEmpty()) {
                continue;
            }
            StepResult heaviest = fork.steps().getLast();
            ResourceDemand limit = Saturation.of(CapacityProjector.onCores(there.get(), machineCpus), Integer.MAX_VALUE)
                    .limit();
            // the cores' busy time per request, as the model of the fewer cores counts it
            java.util.OptionalDouble perRequest = ServiceCapacityModel.coresMillisPerRequest(heaviest);
            allowed.add(
                    ResourceDemand.CORES.equals(limit.name()) && perRequest.isPresent() && perRequest.getAsDouble() > 0
                            ? heaviest.machine().cores() * 1000 / perRequest.getAsDouble()
                            : limit.allowsPerSecond());
            allowedLimit = allowedLimit == null ? limit.name() : allowedLimit;
        }
        if (allowed.isEmpty()) {
            return model;
        }
        ForkSample there = ForkSample.of(allowed);
        return model.withCheck(CapacityCheck.custom(measured.name())
                .changed(CapacityCheck.CORES, machineCpus)
                .step(measured.steps().getLast().load())
                .predicted(
                        predicted.limit().allowsPerSecond(), predicted.limit().name())
                .measured(there.mean(), allowedLimit)
                .intervals(
                        predicted.range(), there.interval(Defaults.CONFIDENCE).orElse(null))
                .build());
    }

    private static Variant applicationVariant(String name, String summary, Map<String, String> properties) {
        return Variant.custom(name, summary)
                .origin(Origin.APPLICATION)
                .properties(properties)
                .capacity(new CapacityModel.Unbounded("the application's own pools are what the study looks for"))
                .build();
    }

    /** The model carried onto the study's target, where it names one. */
    private static ServiceCapacity projected(Study study, ServiceCapacity model) {
        return study.target() == null ? model : model.withProjection(CapacityProjector.onto(model, study.target()));
    }

    /**
     * Where a pool was the limit, the model's advice measured: a second variant with the pool at the size the model
     * asks for, run at the step the limit was found at, and the throughput it predicted held against the one measured
     * there; the limit measured is its model's of that step alone. A pool no Spring
     * property sizes is said and not run.
     */
    private ServiceCapacity measureAgain(
            Study study,
            Variant variant,
            ServiceCapacity model,
            CapacityOfForks capacity,
            Path directory,
            int machineCpus,
            List<String> findings,
            List<VariantResult> results)
            throws IOException, InterruptedException {
        StepResult heaviest = results.getLast().steps().getLast();
        int users = heaviest.usersAtOnce();
        Optional<Integer> size = CapacityProjector.sizeToLift(model, users);
        ResourceDemand pool = model.resource(model.limit()).orElseThrow();
        if (size.isEmpty()) {
            return model;
        }
        if (pool.property() == null) {
            findings.add(format(
                    Locale.ROOT,
                    "%s: %s was the limit and needs %d; no Spring property sizes it (the application builds it in its "
                            + "code), so the lab did not measure that size: change it there.",
                    variant.name(),
                    pool.name(),
                    size.get()));
            return model;
        }
        Saturation predicted = capacity.resized(pool.name(), size.get(), users);
        Map<String, String> properties = new LinkedHashMap<>(variant.properties());
        properties.put(pool.property(), Integer.toString(size.get()));
        String name = variant.name() + "-"
                + pool.property().substring(pool.property().lastIndexOf('.') + 1) + "-" + size.get();
        Variant resized = applicationVariant(
                name,
                format(
                        Locale.ROOT,
                        "%s with %s=%d, the size its capacity model asked for",
                        variant.name(),
                        pool.property(),
                        size.get()),
                properties);
        // it runs the step compared alone, in as many forks as the study's variants: only there is the advice measured
        VariantResult measured = VariantAcrossForks.of(
                runForks(study, List.of(resized), directory, machineCpus, findings, Optional.empty(), heaviest.load())
                        .get(name),
                Defaults.CONFIDENCE);
        results.add(measured);
        Optional<StepResult> same = measured.steps().stream()
                .filter(step -> step.load().equals(heaviest.load()))
                .findFirst();
        if (measured.status() != VariantStatus.OK || same.isEmpty()) {
            findings.add(name + " did not run " + heaviest.load() + ": the model's advice was not measured.");
            return model;
        }
        String measuredLimit = CapacityOfForks.of(measured, 0, Defaults.CONFIDENCE)
                .map(found -> found.model().limit())
                .orElse("unknown");
        return model.withCheck(CapacityCheck.custom(name)
                .changed(pool.property(), size.get())
                .step(heaviest.load())
                .predicted(
                        predicted.limit().allowsPerSecond(), predicted.limit().name())
                .measured(same.get().client().throughputPerSecond(), measuredLimit)
                .intervals(predicted.range(), same.get().client().throughputPerSecondInterval())
                .build());
    }

    private static String summary(Study study, String variant) {
        Map<String, String> properties = study.propertiesOf(variant);
        return "the application" + (properties.isEmpty() ? " as its jar is" : " with " + properties);
    }

    /**
     * @param confinement the cores the application is held to, the lab to the others; null for none
     * @param only        the steps this fork runs, each whatever it shows: the first fork's (so that every step has all
     *                    its forks), or the one a model's advice is compared at (whose lighter steps the advice changes
     *                    nothing in); null for the study's steps, as its own rule stops them
     * @param fork        which of the variant's forks this run is
     */
    private VariantResult runVariant(
            Study study,
            Variant variant,
            Path directory,
            int machineCpus,
            List<String> findings,
            CoreConfinement confinement,
            List<String> only,
            Fork fork)
            throws IOException, InterruptedException {
        long startNanos = System.nanoTime();
        Path log = directory.resolve("logs").resolve(study.name()).resolve(fork.fileName(variant.name()) + ".log");
        boolean onlyVariant = study.variants().size() == 1 && study.variants().containsKey(variant.name());
        String who = fork.who(onlyVariant ? "The study" : variant.name());
        VariantResult result;
        AgentCostWith costWith = null;
        String owner = study.name() + "/" + fork.label(variant.name());
        progress.phase(variant.name(), "starting " + study.jar().getFileName() + " with the lab's agent");
        phases.enter(owner, PhaseClock.Phase.JVM_START);
        List<String> jvmOptions = new ArrayList<>(study.jvmOptions());
        if (confinement != null) {
            // the JVM picks its collector by the processors it sees: held to fewer, it would run another one
            jvmOptions.addAll(confinement.applicationOptions());
            confinement
                    .applicationOptions()
                    .forEach(option -> findings.add(format(
                            Locale.ROOT,
                            "%s ran with %s, the collector its JVM picks on all %d of this machine's processors, so that "
                                    + "only its cores differ from the run its model is projected onto.",
                            variant.name(),
                            option,
                            machineCpus)));
        }
        try (ApplicationProcess app = ApplicationProcess.custom(java, home.agentJar(), study.jar(), log)
                        .startFrom(applications.startable(study.jar()))
                        .path(study.path())
                        .properties(services.applicationProperties(variant.properties()))
                        .environment(services.applicationSecrets())
                        .prefix(confinement == null ? List.of() : confinement.applicationPrefix())
                        .jvmOptions(jvmOptions)
                        .sampledEvery(sampleInterval(study))
                        .start();
                ProbeClient probe = ProbeClient.at(app.probe())) {
            Map<String, Object> sizing = new LinkedHashMap<>(probe.read(-1).sizing());
            sizing.put("readiness", app.readiness());
            URI target = app.uri(study.path());
            progress.phase(
                    variant.name(),
                    "warming up: " + LoadStep.users(study.warmUpUsers()) + " until steady, at most "
                            + study.warmUp().toSeconds() + " s");
            phases.enter(owner, PhaseClock.Phase.WARM_UP);
            StudyWarmUp.untilSteady(loads, study, target, probe, sizing)
                    .map(sentence ->
                            onlyVariant && fork.count() == 1 ? sentence : fork.label(variant.name()) + ": " + sentence)
                    .ifPresent(findings::add);
            phases.enter(owner, PhaseClock.Phase.LONE);
            LoneRequests lone = LoneRequests.timed(loads, study, target, probe);
            if (lone.timedAgain()) {
                findings.add(measuredAgain(who, "its lone requests (R0)", lone.disturbances()));
            }
            double aloneMillis = lone.millis();
            Duration serviceTime = Duration.ofNanos(Math.max(1, Math.round(aloneMillis * 1e6)));
            sizing.put(VariantAcrossForks.ALONE_MILLIS, aloneMillis);
            List<MachineCpu.Tracked> processes = new ArrayList<>(List.of(
                    new MachineCpu.Tracked(
                            "driver", "lab", ProcessHandle.current().pid()),
                    new MachineCpu.Tracked("service", study.name(), app.pid())));
            processes.addAll(services.processes());
            Optional<StandInService> standIns = services.standIns();
            phases.enter(owner, PhaseClock.Phase.BETWEEN);
            MachineCpu.Background background = machineCpu.background(processes);
            List<StepResult> steps = new ArrayList<>();
            List<StepResults.Context> contexts = new ArrayList<>();
            List<LoadStep> ran = new ArrayList<>();
            for (LoadStep step : study.steps()) {
                if (only != null && !only.contains(step.label())) {
                    continue;
                }
                if (!fits(study, step, startNanos)) {
                    findings.add(format(
                            Locale.ROOT,
                            "%s stopped before %s: the step would have overrun its budget of %d s.",
                            who,
                            StudyLoads.name(step),
                            study.budget().toSeconds()));
                    break;
                }
                StepResult measured = null;
                StepResults.Context context = null;
                List<String> disturbances = new ArrayList<>();
                for (int attempt = 1; ; attempt++) {
                    progress.stepStarted(variant.name(), step.label(), step.totalRequests());
                    ProbeReport before = probe.read(-1);
                    ProbeReport standInsBefore =
                            standIns.isEmpty() ? null : standIns.get().read();
                    // what the lab did since the last step is compiled now, not while this one is measured
                    LabCompiler.awaitQuietBeforeAStep();
                    MachineCpu.Reading machineBefore = machineCpu.read(processes);
                    phases.enter(owner, PhaseClock.Phase.MEASURED);
                    LoadResult load =
                            loads.step(target, study, step, outcome -> progress.requestDone(outcome.failed()));
                    phases.enter(owner, PhaseClock.Phase.BETWEEN);
                    MachineCpu.Reading machineAfter = machineCpu.read(processes);
                    ProbeReport after = probe.withPinsUpTo(
                            probe.read(load.startEpochMillis()), load.startEpochMillis(), load.endEpochMillis());
                    org.concurrencylab.results.usage.DownstreamUsage called = standIns.isEmpty()
                            ? null
                            : StandInService.usage(
                                    standInsBefore,
                                    standIns.get().read(),
                                    load.startEpochMillis() + Math.round(1000 * load.elapsedSeconds()));
                    String requestLog = "requests/" + study.name() + "/" + fork.fileName(variant.name()) + "/"
                            + StudyLoads.fileName(step) + ".csv";
                    RequestLog.write(load, directory.resolve(requestLog), Duration.ofSeconds(1));
                    context = StepResults.Context.custom(variant, step)
                            .connections(study.connections())
                            .measuredD(serviceTime)
                            .requestTimeout(study.requestTimeout())
                            .cpus(machineCpus, machineCpus)
                            .sizing(sizing)
                            .requestLog(requestLog)
                            .build();
                    measured = StepResults.of(
                            context,
                            load,
                            new StepResults.ProbeReadings(before, after, null),
                            new StepResults.MachineReadings(
                                    machineBefore, machineAfter, background, machineCpu.cores()),
                            new StepResults.Neighbours(called, null, List.of()));
                    if (study.requests().isMix()) {
                        measured = StepResult.from(measured)
                                .byRequest(RequestShares.of(study.requests(), load))
                                .build();
                    }
                    Optional<String> disturbed = disturbed(measured);
                    disturbances.add(disturbed.orElse(UNDISTURBED));
                    Duration wait = slowedCores(measured) ? Defaults.CORES_SLOWED_WAIT : Duration.ZERO;
                    boolean again = attempt < Defaults.STUDY_STEP_MEASUREMENTS
                            && disturbed.isPresent()
                            && fitsAgain(study, step, stepsAfter(study, step, only), wait, startNanos);
                    if (!again) {
                        if (attempt > 1) {
                            findings.add(measuredAgain(who, StudyLoads.name(step), disturbances));
                        }
                        break;
                    }
                    progress.phase(variant.name(), StudyLoads.name(step) + " again: " + disturbed.get());
                    if (wait.isPositive()) {
                        MachineCpu.awaitUsualSpeed(wait);
                    }
                }
                steps.add(measured);
                contexts.add(context);
                ran.add(step);
                StepResult judged = measured;
                Optional<String> stop = StudyStops.stopReason(judged)
                        .or(() -> confinement == null
                                ? Optional.empty()
                                : StudyStops.confinedCoresBusy(judged, confinement.cores()));
                if (stop.isPresent() && study.untilHeldBack() && only == null) {
                    findings.add(who + " stopped rising at " + StudyLoads.name(step) + ": " + stop.get() + ".");
                    break;
                }
            }
            result = VariantResult.custom(variant.name())
                    .summary(variant.summary())
                    .origin(variant.origin().label())
                    .cpus(machineCpus)
                    .sizing(sizing)
                    .properties(variant.properties())
                    .steps(CpuPerRequest.fitted(steps, contexts))
                    .build();
            OptionalInt clean = StudyStops.heaviestClean(steps);
            boolean costed = study.agentCost() && fork.index() == 1;
            if (costed && clean.isPresent()) {
                LoadStep step = ran.get(clean.getAsInt());
                progress.phase(variant.name(), "the agent's cost: " + StudyLoads.name(step) + " with it");
                ProbeReport before = probe.read(-1);
                phases.enter(owner, PhaseClock.Phase.MEASURED);
                LoadResult with = loads.step(target, study, step, Progress.NONE);
                phases.enter(owner, PhaseClock.Phase.BETWEEN);
                ProbeReport after = probe.read(-1);
                // the lab's agent counts its own threads' CPU; an agent that does not is a build of another lab
                long agentNanos = ProcessCounters.since(
                                before.counters().probeCpuNanos(),
                                after.counters().probeCpuNanos())
                        .orElseThrow(() -> new IllegalStateException("the agent did not count its own CPU"));
                // the JVM without the agent warms up as long as this one did before it was steady (or its cap)
                Duration warmedUp = result.warmUpSeconds().isPresent()
                        ? Duration.ofMillis(Math.round(result.warmUpSeconds().getAsDouble() * 1000))
                        : study.warmUp();
                costWith = new AgentCostWith(step, with, agentNanos / 1e9 / with.elapsedSeconds(), warmedUp);
            } else if (costed) {
                findings.add(
                        "The agent's cost was not measured: no step ran with nothing holding the load back and nothing failing.");
            }
        } catch (ServiceStartException e) {
            return VariantRunner.failed(variant, machineCpus, DID_NOT_START + e.getMessage());
        } catch (WriteFailed e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            return VariantRunner.failed(variant, machineCpus, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        if (costWith != null) {
            progress.phase(variant.name(), "the agent's cost: " + StudyLoads.name(costWith.step()) + " without it");
            try {
                findings.add(withoutAgent(
                                study,
                                variant,
                                costWith,
                                log.resolveSibling(variant.name() + ".without-agent.log"),
                                owner)
                        .sentence());
            } catch (IOException e) {
                findings.add("The agent's cost was not measured: " + e.getMessage());
            }
        }
        return result;
    }

    /** The step with the agent, waiting for its counterpart without. */
    private record AgentCostWith(LoadStep step, LoadResult with, double agentCores, Duration warmedUp) {}

    /**
     * What besides the application moved a step's figures, in words; empty where nothing did. A step measured while
     * the JIT compilers took more than {@link Defaults#JIT_BUSY_SHARE_OF_A_CORE} of a core reads the compiler as much
     * as the application, and one whose host ran the cores more than {@link Defaults#CORES_SLOWED} times slower than
     * usual reads the other tenant: the study measures either again, up to {@link Defaults#STUDY_STEP_MEASUREMENTS}
     * times in all, where its budget allows, and after a slowed host once the cores run at their usual speed.
     */
    static Optional<String> disturbed(StepResult step) {
        Optional<String> jit = jitBusy(jitCoreShare(step));
        if (jit.isPresent()) {
            return jit;
        }
        MachineUsage machine = step.machine();
        if (machine != null && machine.coresSlowed() && machine.coreSpeed() != null) {
            return Optional.of(format(
                    Locale.ROOT,
                    "the host ran the cores %s times slower than usual (at most %.2f)",
                    BeyondLimit.figure(machine.coreSpeed().slowdown(), Defaults.CORES_SLOWED, 2),
                    Defaults.CORES_SLOWED));
        }
        return Optional.empty();
    }

    /** The JIT as what moved a measurement, in words, where it took more of a core than a measurement allows. */
    static Optional<String> jitBusy(double shareOfACore) {
        return shareOfACore > Defaults.JIT_BUSY_SHARE_OF_A_CORE
                ? Optional.of(format(
                        Locale.ROOT,
                        "the JIT took %s %% of a core (at most %.0f %%)",
                        BeyondLimit.figure(100 * shareOfACore, 100 * Defaults.JIT_BUSY_SHARE_OF_A_CORE, 0),
                        100 * Defaults.JIT_BUSY_SHARE_OF_A_CORE))
                : Optional.empty();
    }

    /** What {@link #measuredAgain} says of a measurement nothing but the application moved. */
    static final String UNDISTURBED = "nothing but the application moved it";

    private static final List<String> NTH = List.of("first", "second", "third", "fourth", "fifth");

    /**
     * The finding of a step measured more than once: what moved each measurement, in order, the last one the
     * step's figures.
     */
    static String measuredAgain(String who, String step, List<String> disturbances) {
        StringBuilder each = new StringBuilder();
        for (int i = 0; i < disturbances.size(); i++) {
            String nth = i < NTH.size() ? NTH.get(i) : (i + 1) + "th";
            each.append(i == 0 ? "" : "; ")
                    .append(disturbances.get(i))
                    .append(" the ")
                    .append(nth)
                    .append(i == 0 ? " time" : "");
        }
        String times = disturbances.size() == 2 ? "again" : disturbances.size() + " times";
        return format(Locale.ROOT, "%s measured %s %s: %s.", who, step, times, each);
    }

    /** Whether the host ran the cores slow during the step, by the core-speed meter. */
    private static boolean slowedCores(StepResult step) {
        return step.machine() != null && step.machine().coresSlowed();
    }

    /** The share of a core the service's JIT compilers took during a step; 0 where not measured. */
    private static double jitCoreShare(StepResult step) {
        return step.service().process() == null
                ? 0
                : Math.max(
                        0,
                        step.service()
                                .process()
                                .jitShareOfACore(step.client().elapsedSeconds())
                                .orElse(0));
    }

    /**
     * How often the agent samples the study's application: {@link Defaults#STUDY_SAMPLES_PER_STEP} times a step, at
     * {@link Defaults#PROBE_SAMPLE_INTERVAL} where the step is long enough, more often for a shorter one down to
     * {@link Defaults#STUDY_SHORTEST_SAMPLE_INTERVAL}.
     */
    static Duration sampleInterval(Study study) {
        Duration each = study.stepLength().dividedBy(Defaults.STUDY_SAMPLES_PER_STEP);
        if (each.compareTo(Defaults.STUDY_SHORTEST_SAMPLE_INTERVAL) < 0) {
            return Defaults.STUDY_SHORTEST_SAMPLE_INTERVAL;
        }
        return each.compareTo(Defaults.PROBE_SAMPLE_INTERVAL) > 0 ? Defaults.PROBE_SAMPLE_INTERVAL : each;
    }

    /** Whether the step, and the quiet after it, still fit in the variant's budget, started at {@code startNanos}. */
    private static boolean fits(Study study, LoadStep step, long startNanos) {
        return fitsAgain(study, step, List.of(), Duration.ZERO, startNanos);
    }

    /**
     * Whether {@code step} can be measured again, after a {@code wait} for the cores' usual speed, and every step
     * after it still run within the variant's budget: a step measured again never takes a later step's place.
     */
    static boolean fitsAgain(Study study, LoadStep step, List<LoadStep> after, Duration wait, long startNanos) {
        Duration needed = wait.plus(StudyLoads.length(step)).plus(MachineCpu.QUIET);
        for (LoadStep next : after) {
            needed = needed.plus(StudyLoads.length(next)).plus(MachineCpu.QUIET);
        }
        Duration spent = Duration.ofNanos(System.nanoTime() - startNanos);
        return spent.plus(needed).compareTo(study.budget()) <= 0;
    }

    /** The steps a fork runs after {@code step}: those after it in order, of {@code only} where it names them. */
    private static List<LoadStep> stepsAfter(Study study, LoadStep step, List<String> only) {
        List<LoadStep> all = study.steps();
        return all.subList(all.indexOf(step) + 1, all.size()).stream()
                .filter(next -> only == null || only.contains(next.label()))
                .toList();
    }

    /**
     * The same step in a fresh JVM of the application without the probe: warmed up as long as the study's JVM took to
     * be steady, with the same users, then the step run twice, the second measured.
     */
    private AgentCost withoutAgent(Study study, Variant variant, AgentCostWith with, Path log, String owner)
            throws InterruptedException, IOException {
        phases.enter(owner, PhaseClock.Phase.JVM_START);
        try (ApplicationProcess app = ApplicationProcess.custom(java, home.agentJar(), study.jar(), log)
                .startFrom(applications.startable(study.jar()))
                .path(study.path())
                .properties(services.applicationProperties(variant.properties()))
                .environment(services.applicationSecrets())
                .jvmOptions(study.jvmOptions())
                .withoutProbe()
                .start()) {
            URI target = app.uri(study.path());
            phases.enter(owner, PhaseClock.Phase.WARM_UP);
            if (with.warmedUp().isPositive()) {
                loads.unthinking(target, study, study.warmUpUsers(), with.warmedUp());
            }
            loads.step(target, study, with.step(), Progress.NONE);
            phases.enter(owner, PhaseClock.Phase.MEASURED);
            LoadResult without = loads.step(target, study, with.step(), Progress.NONE);
            phases.enter(owner, PhaseClock.Phase.BETWEEN);
            return new AgentCost(StudyLoads.name(with.step()), with.with(), without, with.agentCores());
        } catch (ServiceStartException e) {
            throw new IOException("the application did not start without the agent: " + e.getMessage(), e);
        }
    }
}
