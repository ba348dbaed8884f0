package org.concurrencylab.runner.study;

import static java.lang.String.format;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.WriteFailed;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.runner.VariantRunner;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.measure.CpuPerRequest;
import org.concurrencylab.runner.measure.PhaseClock;
import org.concurrencylab.runner.measure.StepResults;
import org.concurrencylab.runner.process.CoreConfinement;
import org.concurrencylab.runner.process.ProbeClient;
import org.concurrencylab.runner.process.ServiceStartException;
import org.concurrencylab.statistics.forks.VariantAcrossForks;
import org.concurrencylab.study.Study;

/**
 * One fork of one variant of a study: the application started in a JVM of its own with the lab's agent, warmed up
 * until steady, its lone requests timed (R0), then its steps ({@link StepMeasurement}), rising until something holds
 * the load back or the fork's budget would be overrun, or the steps the first fork ran; and in the first fork, where
 * the study asks, what the agent costs ({@link AgentCostTrial}). The JVM is stopped on every path.
 *
 * @param variant     the variant
 * @param fork        which of its forks this is
 * @param confinement the cores the application is held to, the lab to the others; null for none
 * @param only        the steps this fork runs, each whatever it shows: the first fork's (so that every step has all
 *                    its forks), or the one a model's advice is compared at; null for the study's steps, as its own
 *                    rule stops them
 */
record ForkRun(Variant variant, Fork fork, CoreConfinement confinement, List<String> only) {

    /** How a variant that did not start says so: a study none of whose variants started writes no results. */
    static final String DID_NOT_START = "did not start: ";

    VariantResult run(StudyRun run) throws IOException, InterruptedException {
        Study study = run.study();
        StudyBudget budget = StudyBudget.fromNow(study);
        Path log =
                run.directory().resolve("logs").resolve(study.name()).resolve(fork.fileName(variant.name()) + ".log");
        boolean onlyVariant = study.variants().size() == 1 && study.variants().containsKey(variant.name());
        String who = fork.who(onlyVariant ? "The study" : variant.name());
        String owner = study.name() + "/" + fork.label(variant.name());
        StudyRun.Tools tools = run.tools();
        run.progress().phase(variant.name(), "starting " + study.jar().getFileName() + " with the lab's agent");
        run.phases().enter(owner, PhaseClock.Phase.JVM_START);
        VariantResult result;
        Optional<AgentCostTrial.With> costWith = Optional.empty();
        try (ApplicationProcess app = ApplicationProcess.custom(
                                tools.java(), tools.home().agentJar(), study.jar(), log)
                        .startFrom(tools.applications().startable(study.jar()))
                        .path(study.path())
                        .properties(run.services().applicationProperties(variant.properties()))
                        .environment(run.services().applicationSecrets())
                        .prefix(confinement == null ? List.of() : confinement.applicationPrefix())
                        .jvmOptions(jvmOptions(run))
                        .sampledEvery(sampleInterval(study))
                        .start();
                ProbeClient probe = ProbeClient.at(app.probe())) {
            Map<String, Object> sizing = new LinkedHashMap<>(probe.readNow().sizing());
            sizing.put("readiness", app.readiness());
            URI target = app.uri(study.path());
            run.progress()
                    .phase(
                            variant.name(),
                            "warming up: " + LoadStep.users(study.warmUpUsers()) + " until steady, at most "
                                    + study.warmUp().toSeconds() + " s");
            run.phases().enter(owner, PhaseClock.Phase.WARM_UP);
            StudyWarmUp.untilSteady(run.loads(), study, target, probe, sizing)
                    .map(sentence ->
                            onlyVariant && fork.count() == 1 ? sentence : fork.label(variant.name()) + ": " + sentence)
                    .ifPresent(run::found);
            run.phases().enter(owner, PhaseClock.Phase.LONE);
            LoneRequests lone = LoneRequests.timed(run.loads(), study, target, probe);
            if (lone.timedAgain()) {
                run.found(StepDisturbance.measuredAgain(who, "its lone requests (R0)", lone.disturbances()));
            }
            sizing.put(VariantAcrossForks.ALONE_MILLIS, lone.millis());
            List<MachineCpu.Tracked> processes = new ArrayList<>(List.of(
                    new MachineCpu.Tracked(
                            "driver", "lab", ProcessHandle.current().pid()),
                    new MachineCpu.Tracked("service", study.name(), app.pid())));
            processes.addAll(run.services().processes());
            run.phases().enter(owner, PhaseClock.Phase.BETWEEN);
            StepMeasurement steps = new StepMeasurement(
                    run,
                    variant,
                    who,
                    owner,
                    "requests/" + study.name() + "/" + fork.fileName(variant.name()) + "/",
                    target,
                    probe,
                    processes,
                    run.services().standIns(),
                    tools.machineCpu().background(processes),
                    Duration.ofNanos(Math.max(1, Math.round(lone.millis() * 1e6))),
                    sizing);
            List<StepResult> measured = new ArrayList<>();
            List<StepResults.Context> contexts = new ArrayList<>();
            List<LoadStep> ran = new ArrayList<>();
            for (LoadStep step : study.steps()) {
                if (only != null && !only.contains(step.label())) {
                    continue;
                }
                if (!budget.fits(step)) {
                    run.found(format(
                            Locale.ROOT,
                            "%s stopped before %s: the step would have overrun its budget of %d s.",
                            who,
                            StudyLoads.name(step),
                            study.budget().toSeconds()));
                    break;
                }
                StepMeasurement.Measured one = steps.measure(step, only, budget);
                measured.add(one.result());
                contexts.add(one.context());
                ran.add(step);
                Optional<String> stop = StudyStops.stopReason(one.result())
                        .or(() -> confinement == null
                                ? Optional.empty()
                                : StudyStops.confinedCoresBusy(one.result(), confinement.cores()));
                if (stop.isPresent() && study.untilHeldBack() && only == null) {
                    run.found(who + " stopped rising at " + StudyLoads.name(step) + ": " + stop.get() + ".");
                    break;
                }
            }
            result = VariantResult.custom(variant.name())
                    .summary(variant.summary())
                    .origin(variant.origin().label())
                    .cpus(run.machineCpus())
                    .sizing(sizing)
                    .properties(variant.properties())
                    .steps(CpuPerRequest.fitted(measured, contexts))
                    .build();
            if (study.agentCost() && fork.index() == 1) {
                costWith = AgentCostTrial.with(run, variant, owner, target, probe, result, ran, measured);
            }
        } catch (ServiceStartException e) {
            return VariantRunner.failed(variant, run.machineCpus(), DID_NOT_START + e.getMessage());
        } catch (WriteFailed e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            return VariantRunner.failed(
                    variant, run.machineCpus(), e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        if (costWith.isPresent()) {
            AgentCostTrial.without(
                    run, variant, costWith.get(), log.resolveSibling(variant.name() + ".without-agent.log"), owner);
        }
        return result;
    }

    /** The study's JVM options, and where the application is held to fewer cores, the collector all of them pick. */
    private List<String> jvmOptions(StudyRun run) {
        List<String> jvmOptions = new ArrayList<>(run.study().jvmOptions());
        if (confinement != null) {
            // the JVM picks its collector by the processors it sees: held to fewer, it would run another one
            jvmOptions.addAll(confinement.applicationOptions());
            confinement
                    .applicationOptions()
                    .forEach(option -> run.found(format(
                            Locale.ROOT,
                            "%s ran with %s, the collector its JVM picks on all %d of this machine's processors, so that "
                                    + "only its cores differ from the run its model is projected onto.",
                            variant.name(),
                            option,
                            run.machineCpus())));
        }
        return jvmOptions;
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
}
