package org.concurrencylab.runner;

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
import java.util.Optional;
import org.concurrencylab.catalog.CapacityModel;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.LoadStep;
import org.concurrencylab.catalog.Origin;
import org.concurrencylab.catalog.Scaled;
import org.concurrencylab.catalog.Study;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.driver.ClosedLoopDriver;
import org.concurrencylab.driver.ClosedModel;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.Progress;
import org.concurrencylab.probe.model.ProbeReport;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.VariantStatus;
import org.concurrencylab.results.WarmUpLoad;
import org.concurrencylab.results.WriteFailed;

/**
 * Runs a {@link Study}: the user's application in its own JVM with the lab's agent, warmed up, then
 * steps of rising users until a pool holds the load back, errors appear, the machine's CPU runs out or
 * the budget would be overrun. Writes the same results.json the experiments write, so that every
 * report, {@code ./lab report} and {@code ./lab compare} read it.
 */
public final class StudyRunner {

    /** The one variant of a study of a jar as it is, without properties of the study's own. */
    public static final String AS_IS = "as-is";

    /** Requests sent one at a time to learn how long one takes alone: the study's D. */
    private static final int ALONE = 20;
    private static final Duration QUIET = Duration.ofSeconds(1);

    private final LabHome home;
    private final JavaRuntime java;
    private final RunProgress progress;
    private final ClosedLoopDriver driver = new ClosedLoopDriver();
    private final MachineCpu machineCpu = new MachineCpu();

    public StudyRunner(LabHome home, JavaRuntime java, RunProgress progress) {
        this.home = home;
        this.java = java;
        this.progress = progress;
    }

    public LabRunner.CompletedRun run(Study study, Path outDir) throws IOException, InterruptedException {
        long startNanos = System.nanoTime();
        String started = Instant.now().toString();
        Path directory = RunDirectory.createIn(outDir, "");
        int machineCpus = Runtime.getRuntime().availableProcessors();
        Variant variant = new Variant(AS_IS, "the application as its jar is" + (study.properties().isEmpty() ? ""
                : ", with " + study.properties()), Origin.APPLICATION, study.properties(),
                new CapacityModel.Unbounded("the application's own pools are what the study looks for"), Map.of());
        progress.variantStarted(study.name(), variant.name(), 1, 1);
        progress.note("warming up the lab's own load drivers");
        DriverWarmUp.run();
        Path log = directory.resolve("logs").resolve(study.name()).resolve(variant.name() + ".log");
        List<String> findings = new ArrayList<>();
        VariantResult result;
        double serviceTimeMillis = 0;
        progress.phase(variant.name(), "starting " + study.jar().getFileName() + " with the lab's agent");
        try (ApplicationProcess app = ApplicationProcess.start(java, home.agentJar(), study.jar(), study.path(),
                study.properties(), log, Defaults.APPLICATION_START_TIMEOUT);
             ProbeClient probe = ProbeClient.at(app.probe())) {
            Map<String, Object> sizing = new LinkedHashMap<>(probe.read(-1).sizing());
            sizing.put("readiness", app.readiness());
            URI target = app.uri(study.path());
            progress.phase(variant.name(), "warming up: " + study.warmUpUsers() + " users for " + study.warmUp().toSeconds() + " s");
            driver.run(target, ClosedModel.custom(study.warmUpUsers(), study.requestTimeout()).heldFor(study.warmUp())
                    .connections(study.connections()).build(), Progress.NONE);
            LoadResult alone = driver.run(target, ClosedModel.custom(1, study.requestTimeout()).repetitions(ALONE)
                    .connections(study.connections()).build(), Progress.NONE);
            if (alone.ok() == 0) {
                throw new IOException("none of " + ALONE + " lone requests to " + study.path() + " was answered with 2xx or 3xx ("
                        + alone.failuresByKind() + "); is the path right?");
            }
            serviceTimeMillis = alone.okLatencyMicros().getMean() / 1000;
            Duration serviceTime = Duration.ofNanos(Math.max(1, Math.round(serviceTimeMillis * 1e6)));
            sizing.put("aloneMillis", serviceTimeMillis);
            List<MachineCpu.Tracked> processes = List.of(new MachineCpu.Tracked("driver", "lab", ProcessHandle.current().pid()),
                    new MachineCpu.Tracked("service", study.name(), app.pid()));
            MachineCpu.Reading quietBefore = machineCpu.read(processes);
            Thread.sleep(QUIET.toMillis());
            MachineCpu.Background background = MachineCpu.Background.between(quietBefore, machineCpu.read(processes));
            List<StepResult> steps = new ArrayList<>();
            for (LoadStep.Held step : study.steps()) {
                Duration spent = Duration.ofNanos(System.nanoTime() - startNanos);
                if (spent.plus(step.length()).plus(QUIET).compareTo(study.budget()) > 0) {
                    findings.add(format(Locale.ROOT, "The study stopped before %d users: the step would have overrun its budget of %d s.",
                            step.users(), study.budget().toSeconds()));
                    break;
                }
                progress.stepStarted(variant.name(), step.label(), 0);
                ProbeReport before = probe.read(-1);
                MachineCpu.Reading machineBefore = machineCpu.read(processes);
                LoadResult load = driver.run(target, ClosedModel.custom(step.users(), study.requestTimeout())
                        .heldFor(step.length()).connections(study.connections()).build(),
                        outcome -> progress.requestDone(outcome.failed()));
                MachineCpu.Reading machineAfter = machineCpu.read(processes);
                ProbeReport after = probe.read(load.startEpochMillis());
                String requestLog = "requests/" + study.name() + "/" + variant.name() + "/" + step.users() + "-users.csv";
                RequestLog.write(load, directory.resolve(requestLog), Duration.ofSeconds(1));
                StepResult measured = StepResults.of(new StepResults.Context(variant, step, study.connections(), serviceTime,
                        new Scaled(1), study.requestTimeout(), machineCpus, machineCpus, sizing, requestLog), load, before, after,
                        null, machineBefore, machineAfter, background, machineCpu.cores(), null, List.of());
                steps.add(measured);
                Optional<String> stop = stopReason(measured);
                if (stop.isPresent()) {
                    findings.add("The study stopped rising at " + step.users() + " users: " + stop.get() + ".");
                    break;
                }
            }
            result = new VariantResult(variant.name(), variant.summary(), variant.origin().label(), machineCpus,
                    VariantStatus.OK, null, sizing, variant.properties(), steps);
        } catch (ServiceStartException e) {
            result = VariantRunner.failed(variant, machineCpus, "did not start: " + e.getMessage());
        } catch (WriteFailed e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            result = VariantRunner.failed(variant, machineCpus, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        progress.variantFinished(result);
        ExperimentResult experiment = new ExperimentResult(study.name(),
                "Your service: " + study.jar().getFileName() + ", GET " + study.path(), null, 1, serviceTimeMillis,
                new WarmUpLoad(study.warmUpUsers(), serviceTimeMillis > 0 ? (int) Math.round(study.warmUp().toMillis() / serviceTimeMillis) : 0),
                "full", Map.of(), List.of(result), List.of(), findings);
        String springBoot = Optional.ofNullable(result.sizing().get("springBoot")).map(Object::toString).orElse("unknown");
        RunResult run = new RunResult(RunInfo.custom(directory.getFileName().toString()).scale(1).machineCpus(machineCpus)
                .planned(List.of(study.name()), started)
                .platform(java.version(), springBoot, System.getProperty("os.name") + " " + System.getProperty("os.arch"))
                .finishedAt(Instant.now().toString()).build(), List.of(experiment));
        ResultsJson.write(run, directory);
        progress.experimentWritten(study.name(), 1, 1, directory);
        return new LabRunner.CompletedRun(run, directory);
    }

    /** Why the next, heavier step would teach nothing more, if it would not. */
    static Optional<String> stopReason(StepResult step) {
        double failedShare = step.requests().sent() == 0 ? 0 : step.requests().failed() / (double) step.requests().sent();
        if (failedShare > Defaults.STUDY_FAILED_SHARE) {
            return Optional.of(format(Locale.ROOT, "%.1f %% of its requests failed", 100 * failedShare));
        }
        Optional<String> pool = org.concurrencylab.results.PoolLimits.holdingBack(step);
        if (pool.isPresent()) {
            return Optional.of(pool.get() + " held the load back");
        }
        if (step.machine() != null && step.machine().idleShare() >= 0 && step.machine().idleShare() <= 0.1) {
            return Optional.of(format(Locale.ROOT, "this machine's cores were %.0f %% busy", 100 * (1 - step.machine().idleShare())));
        }
        return Optional.empty();
    }
}
