package org.concurrencylab.runner.study;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.concurrencylab.capacity.CapacityOfForks;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.results.AtomicFiles;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.VariantStatus;
import org.concurrencylab.results.capacity.ServiceCapacity;
import org.concurrencylab.results.step.WarmUpLoad;
import org.concurrencylab.runner.DriverWarmUp;
import org.concurrencylab.runner.LabRunner;
import org.concurrencylab.runner.RunDirectory;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.measure.PhaseClock;
import org.concurrencylab.runner.process.ApplicationJar;
import org.concurrencylab.runner.process.ExtractedApplications;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.concurrencylab.runner.process.StartupCache;
import org.concurrencylab.statistics.forks.VariantAcrossForks;
import org.concurrencylab.study.Study;
import org.concurrencylab.study.StudyCheck;
import org.concurrencylab.study.StudyFile;

/**
 * Runs a {@link Study}: each variant of the user's application in its forks ({@link StudyForks}), each a JVM of its
 * own with the lab's agent, warmed up, then steps of rising users until a pool holds the load back, errors appear,
 * the machine's CPU runs out or the fork's budget would be overrun; each variant then its forks together, its
 * capacity model and its trials ({@link CapacityTrials}); then the study's checks. Writes the same results.json the
 * experiments write, so that every report, {@code ./lab report} and {@code ./lab compare} read it, and the study
 * itself as {@value StudyFile#FILE_NAME} beside it.
 */
public final class StudyRunner {

    private final StudyRun.Tools tools;
    /** The lab's own services a study starts beside its application: its database, its stand-ins. */
    private final StartupCache startupCache;

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
        this.tools = new StudyRun.Tools(
                home,
                java,
                progress,
                new StudyLoads(),
                new MachineCpu(),
                new ExtractedApplications(home, java, progress::note));
        this.startupCache = new StartupCache(home, java, progress::note);
    }

    /**
     * @throws IllegalArgumentException before anything starts, where a header names an environment variable that is not set
     */
    public LabRunner.CompletedRun run(Study declared, Path outDir) throws IOException, InterruptedException {
        // the values go into the requests only: the study written beside the results keeps its ${VARIABLE}s
        Study study = declared.withRequests(declared.requests().resolved(System::getenv));
        PhaseClock phases = new PhaseClock();
        String started = Instant.now().toString();
        Path directory = RunDirectory.createIn(outDir, "");
        AtomicFiles.writeString(directory.resolve(StudyFile.FILE_NAME), StudyFile.write(declared));
        int machineCpus = Runtime.getRuntime().availableProcessors();
        tools.progress().note("warming up the lab's own load drivers");
        phases.enter(null, PhaseClock.Phase.DRIVER_WARM_UP);
        DriverWarmUp.run();
        List<VariantResult> results = new ArrayList<>();
        List<ServiceCapacity> capacities = new ArrayList<>();
        StudyRun run;
        try (StudyServices services =
                StudyServices.start(startupCache, tools.java(), study, directory, tools.progress(), phases)) {
            run = new StudyRun(study, directory, machineCpus, tools, phases, services);
            runVariants(run, results, capacities);
        } catch (NotStarted e) {
            RunDirectory.delete(directory);
            throw e;
        }
        if (results.stream().allMatch(StudyForks::didNotStart)) {
            // nothing was measured: a results folder would hold a report of nothing, but the logs say why
            Optional<Path> logs = RunDirectory.keepOnlyLogs(directory);
            throw new NotStarted(study.jar().getFileName() + " "
                    + results.getFirst().failure()
                    + logs.map(kept -> " (its log is kept in " + kept + ")").orElse(""));
        }
        ExperimentResult experiment = experiment(study, results, run.findings(), capacities);
        RunResult result = new RunResult(
                RunInfo.custom(directory.getFileName().toString())
                        .scale(1)
                        .machineCpus(machineCpus)
                        .planned(List.of(study.name()), started)
                        .platform(
                                tools.java().version(),
                                springBoot(study, results),
                                System.getProperty("os.name") + " " + System.getProperty("os.arch"))
                        .finishedAt(Instant.now().toString())
                        .timeBudget(phases.budget())
                        .build(),
                List.of(experiment));
        ResultsJson.write(result, directory);
        tools.progress().experimentWritten(study.name(), 1, 1, directory);
        return new LabRunner.CompletedRun(result, directory);
    }

    /**
     * Every variant in its forks, interleaved; then each variant's forks together, its capacity model from theirs,
     * the projection tested where the study asks, and its advice measured again where a pool was the limit.
     */
    private static void runVariants(StudyRun run, List<VariantResult> results, List<ServiceCapacity> capacities)
            throws IOException, InterruptedException {
        Study study = run.study();
        List<Variant> declared = new ArrayList<>();
        for (String name : study.variants().keySet()) {
            Map<String, String> properties = study.propertiesOf(name);
            declared.add(StudyRun.variant(
                    name,
                    "the application" + (properties.isEmpty() ? " as its jar is" : " with " + properties),
                    properties));
        }
        Optional<CapacityTrials.Confined> confined =
                study.checkProjection() ? CapacityTrials.confined(run, declared.getFirst()) : Optional.empty();
        List<Variant> order = new ArrayList<>();
        confined.ifPresent(held -> order.add(held.variant()));
        order.addAll(declared);
        Map<String, List<VariantResult>> forks = StudyForks.run(run, order, confined, null);
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
                        .map(fewer -> CapacityTrials.projectionChecked(
                                CapacityTrials.projected(study, fewer.model()), fewer, result, run.machineCpus()))
                        .ifPresent(capacities::add);
            }
            Optional<CapacityOfForks> capacity = result.status() != VariantStatus.OK
                    ? Optional.empty()
                    : CapacityOfForks.of(result, 0, Defaults.CONFIDENCE);
            Optional<ServiceCapacity> model = capacity.map(found -> CapacityTrials.projected(study, found.model()));
            if (model.isPresent() && study.verify() && study.untilHeldBack()) {
                model = Optional.of(CapacityTrials.measuredAgain(run, variant, model.get(), capacity.get(), results));
            }
            model.ifPresent(capacities::add);
        }
        if (study.forks() == 1) {
            run.found("Each variant ran in one JVM (--forks 1): its figures carry no interval, and a second JVM of "
                    + "the same settings may read them tens of per cent apart.");
        }
    }

    /** The study as the results name it: its variants, the checks decided on them, what it found, its models. */
    private static ExperimentResult experiment(
            Study study, List<VariantResult> results, List<String> findings, List<ServiceCapacity> capacities) {
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
                .filter(result -> result.sizing().has(VariantAcrossForks.ALONE_MILLIS))
                .findFirst();
        double aloneMillis = timed.map(result ->
                        result.sizing().number(VariantAcrossForks.ALONE_MILLIS).orElse(0))
                .orElse(0.0);
        return ExperimentResult.custom(
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
    }

    /**
     * The Spring Boot the application named: its own report of it, or where it never loads SpringBootVersion (its own
     * banner), its manifest's.
     */
    private static String springBoot(Study study, List<VariantResult> results) {
        return results.stream()
                .flatMap(result -> result.sizing().text("springBoot").stream())
                .findFirst()
                .or(() -> ApplicationJar.springBootVersion(study.jar()))
                .orElse("unknown");
    }
}
