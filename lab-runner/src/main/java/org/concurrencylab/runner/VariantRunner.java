package org.concurrencylab.runner;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.LoadStep;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.driver.ClosedLoopDriver;
import org.concurrencylab.driver.ClosedModel;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.probe.model.ProbeReport;
import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.VariantResult;

/** Runs one variant in its own JVM: start, read its sizing, warm up, run each step, stop. */
final class VariantRunner {

    /**
     * The warm-up runs at the heaviest step's concurrency for this many D, so that the pools have
     * grown and the JIT has compiled the request path before anything is measured.
     */
    private static final int WARM_UP_IN_D = 5;

    private final RunEnvironment environment;
    private final ClosedLoopDriver driver = new ClosedLoopDriver();

    VariantRunner(RunEnvironment environment) {
        this.environment = environment;
    }

    VariantResult run(Experiment experiment, Variant variant, Path resultsDirectory) throws InterruptedException {
        Scaled scaled = environment.scaled();
        Duration serviceTime = scaled.of(experiment.downstreamLatency());
        Duration timeout = scaled.of(experiment.requestTimeout());
        RunProgress progress = environment.progress();
        progress.phase(variant.name(), "starting JVM (" + environment.cpus() + " CPUs)");
        Path log = resultsDirectory.resolve("logs").resolve(experiment.name()).resolve(variant.name() + ".log");
        try (ServiceProcess service = ServiceProcess.start(environment.command(experiment, variant), log);
             ProbeClient probe = new ProbeClient(service)) {
            Map<String, Object> sizing = probe.read(-1).sizing();
            URI target = service.uri("/value");
            progress.phase(variant.name(), "warming up");
            int heaviest = experiment.steps().stream().mapToInt(LoadStep::users).max().orElse(1);
            driver.run(target, new ClosedModel(heaviest, Integer.MAX_VALUE / heaviest, timeout,
                    serviceTime.multipliedBy(WARM_UP_IN_D)), outcome -> { });
            List<StepResult> steps = new ArrayList<>();
            for (LoadStep step : experiment.steps()) {
                progress.stepStarted(variant.name(), step.label(), step.totalRequests());
                ProbeReport before = probe.read(-1);
                LoadResult load = driver.run(target, new ClosedModel(step.users(), step.repetitions(), timeout),
                        outcome -> progress.requestDone(outcome.failed()));
                ProbeReport after = probe.read(load.startEpochMillis());
                String requestLog = "requests/" + experiment.name() + "/" + variant.name() + "/" + step.label() + ".csv";
                RequestLog.write(load, resultsDirectory.resolve(requestLog));
                steps.add(StepResults.of(new StepResults.Context(variant, step, serviceTime, timeout,
                        environment.cpus(), environment.machineCpus(), sizing, requestLog), load, before, after));
            }
            return new VariantResult(variant.name(), variant.summary(), variant.origin().label(), environment.cpus(),
                    "ok", null, sizing, variant.properties(), steps);
        } catch (ServiceStartException e) {
            return failed(variant, "did not start: " + e.getMessage());
        } catch (IOException | RuntimeException e) {
            return failed(variant, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private VariantResult failed(Variant variant, String reason) {
        return new VariantResult(variant.name(), variant.summary(), variant.origin().label(), environment.cpus(),
                "failed", reason, new LinkedHashMap<>(), variant.properties(), List.of());
    }
}
