package org.concurrencylab.runner.sweep;

import static java.lang.String.format;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Knob;
import org.concurrencylab.catalog.SweepClaim;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.sweep.SweepFit;
import org.concurrencylab.results.sweep.SweepPoint;
import org.concurrencylab.results.sweep.SweepResult;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.runner.LabRunner;
import org.concurrencylab.runner.RunOptions;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.concurrencylab.runner.study.StudyRunner;
import org.concurrencylab.study.Study;
import org.concurrencylab.sweep.SweepAnalysis;

/**
 * Runs a sweep as the lab runs anything: the experiment (or study) is declared again with one variant
 * per value of the knob, or one step per value where the knob is the load, and run by {@link LabRunner}
 * or {@link StudyRunner} with every JVM, warm-up, probe and machine account they give; then each step
 * becomes a point and the points a curve ({@link SweepAnalysis}), written into the same results.json.
 */
public final class SweepRunner {

    private final LabHome home;
    private final JavaRuntime java;
    private final RunProgress progress;

    public SweepRunner(LabHome home, JavaRuntime java, RunProgress progress) {
        this.home = home;
        this.java = java;
        this.progress = progress;
    }

    /**
     * @param load the load every point runs when the knob is a property, or whose users or rate the knob
     *             replaces: one of the experiment's steps
     */
    public LabRunner.CompletedRun sweep(
            Experiment experiment, Variant variant, LoadStep load, Knob knob, RunOptions options)
            throws IOException, InterruptedException {
        return write(run(experiment, variant, load, knob, false, options), ran -> ran);
    }

    /**
     * The sweep run and its curve, not yet written beside the runner's own results.json.
     *
     * @param failuresAreTheCurve whether the knob is a timeout whose failed share is the curve, whatever its name
     */
    private Swept run(
            Experiment experiment,
            Variant variant,
            LoadStep load,
            Knob knob,
            boolean failuresAreTheCurve,
            RunOptions options)
            throws IOException, InterruptedException {
        Experiment swept = declare(experiment, variant, load, knob);
        LabRunner.CompletedRun run = new LabRunner(home, java, progress).run(List.of(swept), options);
        ExperimentResult result = run.result().experiments().getFirst();
        return new Swept(
                run, curve(result, variant.name(), knob, knob.isLoad() ? null : load.label(), failuresAreTheCurve));
    }

    private record Swept(LabRunner.CompletedRun run, SweepResult sweep) {}

    /**
     * A sweep the experiment declares, at its own scale unless the run gives one, its knee decided as the swept
     * experiment's one claim.
     */
    public LabRunner.CompletedRun sweep(Experiment experiment, SweepClaim declared, RunOptions options)
            throws IOException, InterruptedException {
        Variant declaredVariant = experiment.variant(declared.variant()).orElseThrow();
        Map<String, String> properties = new LinkedHashMap<>(declaredVariant.properties());
        properties.putAll(declared.alongside());
        Variant variant = declaredVariant.toBuilder().properties(properties).build();
        LoadStep load = experiment.loadOf(declared).orElseThrow();
        RunOptions scaled =
                declared.scale().isPresent() && options.overrides().scale().isEmpty()
                        ? options.withScale(declared.scale().getAsDouble())
                        : options;
        Swept swept = run(experiment, variant, load, declared.knob(), declared.failuresAreTheCurve(), scaled);
        ClaimResult claim = declared.evaluate(
                swept.sweep(),
                swept.run().result().experiments().getFirst(),
                swept.run().result().run().machineCpus());
        return write(
                swept, ran -> ExperimentResult.from(ran).claims(List.of(claim)).build());
    }

    /**
     * A study's sweep: its one variant, the knob's values as its steps' users or rates, or as variants of one step of
     * {@code users}.
     */
    public LabRunner.CompletedRun sweep(Study study, String variant, Knob knob, int users, Path outDir)
            throws IOException, InterruptedException {
        Study swept = declare(study, variant, knob, users);
        LabRunner.CompletedRun run = new StudyRunner(home, java, progress).run(swept, outDir);
        ExperimentResult result = run.result().experiments().getFirst();
        return write(
                new Swept(run, curve(result, variant, knob, knob.isLoad() ? null : LoadStep.users(users), false)),
                ran -> ran);
    }

    /** Writes results.json once more, with the sweep and the swept experiment as {@code decided} leaves it. */
    private static LabRunner.CompletedRun write(Swept swept, UnaryOperator<ExperimentResult> decided) {
        RunResult ran = swept.run().result();
        RunResult withSweep =
                new RunResult(ran.run(), List.of(decided.apply(ran.experiments().getFirst())), List.of(swept.sweep()));
        ResultsJson.write(withSweep, swept.run().directory());
        return new LabRunner.CompletedRun(withSweep, swept.run().directory());
    }

    /**
     * The experiment again, with only what the sweep runs and nothing it would check: its claims are about other loads.
     *
     * @throws IllegalArgumentException where the knob cannot vary the load: users of an open load, the rate of a closed one
     */
    public static Experiment declare(Experiment experiment, Variant variant, LoadStep load, Knob knob) {
        List<Variant> variants = new ArrayList<>();
        List<LoadStep> steps = new ArrayList<>();
        if (knob.isLoad()) {
            variants.add(withoutSeed(variant, variant.name(), variant.properties()));
            for (int value : knob.values()) {
                steps.add(withLoad(load, knob, value));
            }
        } else if (knob.isRequestTimeout()) {
            for (int value : knob.values()) {
                variants.add(variant.toBuilder(pointName(variant.name(), value))
                        .seed(Map.of())
                        .requestTimeout(Duration.ofMillis(value))
                        .build());
            }
            steps.add(load);
        } else {
            for (int value : knob.values()) {
                Map<String, String> properties = new LinkedHashMap<>(variant.properties());
                properties.put(knob.name(), String.valueOf(value));
                variants.add(withoutSeed(variant, pointName(variant.name(), value), properties));
            }
            steps.add(load);
        }
        return experiment.toBuilder()
                .variants(variants)
                .steps(steps)
                .claims(List.of())
                .findings(List.of())
                .sweeps()
                .build();
    }

    /**
     * The study again, as one point per knob value: each point starts the application as the study does (its
     * requests, JVM options, properties with the variant's own, database and stand-ins) and measures one step; what a
     * point would only add to it (checks, the agent's cost, a capacity target, a verify or projection run) is left out.
     *
     * @throws IllegalArgumentException where the knob is the request timeout, which a study sets once
     */
    static Study declare(Study study, String variant, Knob knob, int users) {
        if (knob.isRequestTimeout()) {
            throw new IllegalArgumentException(
                    "a study's sweep varies users, rate or a property of the application; its request "
                            + "timeout is the study's request-timeout-seconds");
        }
        Map<String, String> properties = study.propertiesOf(variant);
        Study.Builder swept = Study.custom(study.jar())
                .requests(study.requests())
                .stepLength(study.stepLength())
                .thinkTime(Knob.RATE.equals(knob.name()) ? Duration.ZERO : study.thinkTime())
                .warmUp(study.warmUpUsers(), study.warmUp())
                .requestTimeout(study.requestTimeout())
                .connections(study.connections())
                .budget(study.budget())
                .database(study.database())
                .forks(study.forks())
                .untilHeldBack(false);
        study.downstreams().values().forEach(swept::downstream);
        study.jvmOptions().forEach(swept::jvmOption);
        if (Knob.RATE.equals(knob.name())) {
            swept.variant(variant, properties).rates(knob.values());
        } else if (knob.isLoad()) {
            swept.variant(variant, properties).users(knob.values());
        } else {
            for (int value : knob.values()) {
                Map<String, String> point = new LinkedHashMap<>(properties);
                point.put(knob.name(), String.valueOf(value));
                swept.variant(pointName(variant, value), point);
            }
            swept.users(List.of(users));
        }
        return swept.build();
    }

    static String pointName(String variant, int value) {
        return variant + "@" + value;
    }

    private static Variant withoutSeed(Variant variant, String name, Map<String, String> properties) {
        return variant.toBuilder(name).properties(properties).seed(Map.of()).build();
    }

    private static LoadStep withLoad(LoadStep load, Knob knob, int value) {
        return switch (load) {
            case LoadStep.Closed closed
            when Knob.USERS.equals(knob.name()) -> new LoadStep.Closed(value, closed.repetitions());
            case LoadStep.Held held
            when Knob.USERS.equals(knob.name()) ->
                new LoadStep.Held(value, held.rampUp(), held.hold(), held.thinkTime());
            case LoadStep.Open open when Knob.RATE.equals(knob.name()) -> new LoadStep.Open(value, open.duration());
            default ->
                throw new IllegalArgumentException("the knob " + knob.name() + " varies "
                        + (Knob.USERS.equals(knob.name()) ? "a closed load's users" : "an open load's rate") + "; load "
                        + load.label()
                        + " is " + (load instanceof LoadStep.Open ? "open" : "closed"));
        };
    }

    /**
     * Each step of the run, in the knob's order, as a point; the curve fitted to them, unless the knob is a
     * timeout ({@code request-timeout-ms}, or one a declared sweep's failures are the curve of).
     */
    static SweepResult curve(
            ExperimentResult result, String variant, Knob knob, String load, boolean failuresAreTheCurve) {
        List<SweepPoint> points = new ArrayList<>();
        for (int i = 0; i < knob.values().size(); i++) {
            int value = knob.values().get(i);
            VariantResult ran = knob.isLoad() ? only(result, variant) : only(result, pointName(variant, value));
            if (ran == null
                    || (knob.isLoad() ? ran.steps().size() <= i : ran.steps().isEmpty())) {
                break; // a variant that failed, or a study that stopped within its budget: no point, and none after it
            }
            StepResult step = knob.isLoad() ? ran.steps().get(i) : ran.steps().getFirst();
            points.add(point(value, SweepPoint.stepName(ran.name(), step.load()), step));
        }
        return new SweepResult(
                result.name(),
                variant,
                knob.name(),
                load,
                points,
                knob.isRequestTimeout() || failuresAreTheCurve
                        ? SweepFit.FAILURES_ARE_THE_CURVE
                        : SweepAnalysis.fit(points, result.downstreamLatencyMillis()));
    }

    private static VariantResult only(ExperimentResult result, String name) {
        return result.variants().stream()
                .filter(variant -> variant.name().equals(name) && variant.ok())
                .findFirst()
                .orElse(null);
    }

    static SweepPoint point(double value, String name, StepResult step) {
        double failedShare = step.client().requests().sent() == 0
                ? 1
                : step.client().requests().failed()
                        / (double) step.client().requests().sent();
        String verdict = MachineUsage.CLEAN;
        String why = "";
        if (failedShare > Defaults.STUDY_FAILED_SHARE) {
            verdict = SweepPoint.FAILED;
            why = format(Locale.ROOT, "%.1f %% of its requests failed", 100 * failedShare);
        } else if (step.machineBound()) {
            verdict = MachineUsage.MACHINE_BOUND;
            why = step.machine().why();
        }
        Double cpuBound =
                step.machine() == null || step.machine().cpuBoundPerSecond().orElse(0) <= 0
                        ? null
                        : step.machine().cpuBoundPerSecond().getAsDouble();
        return SweepPoint.custom()
                .value(value)
                .step(name)
                .throughputPerSecond(step.client().throughputPerSecond())
                .meanMillis(step.client().latencyMillis().mean())
                .p95Millis(step.client().latencyMillis().p95())
                .failedShare(failedShare)
                .boundPerSecond(step.bound().littlesLawPerSecond())
                .cpuBoundPerSecond(cpuBound)
                .verdict(verdict)
                .why(why)
                .build();
    }
}
