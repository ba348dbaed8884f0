package org.concurrencylab.runner.study;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.Progress;
import org.concurrencylab.probe.model.ProbeReport;
import org.concurrencylab.probe.model.ProcessCounters;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.runner.machine.AgentCost;
import org.concurrencylab.runner.measure.PhaseClock;
import org.concurrencylab.runner.process.ProbeClient;
import org.concurrencylab.runner.process.ServiceStartException;
import org.concurrencylab.study.Study;

/**
 * What the lab's agent costs the application ({@code --agent-cost}): its heaviest step where nothing held the load
 * back run once more with the agent, then in a fresh JVM without its probe, warmed up as long as the study's JVM took
 * to be steady, and what changed as a finding. In a study's first fork only.
 */
final class AgentCostTrial {

    /** The step with the agent, waiting for its counterpart without. */
    record With(LoadStep step, LoadResult with, double agentCores, Duration warmedUp) {}

    private AgentCostTrial() {}

    /**
     * The heaviest clean step once more, the agent still on; none, with the reason as a finding, where no step ran
     * with nothing holding it back and nothing failing.
     */
    static Optional<With> with(
            StudyRun run,
            Variant variant,
            String owner,
            URI target,
            ProbeClient probe,
            VariantResult result,
            List<LoadStep> ran,
            List<StepResult> steps)
            throws IOException, InterruptedException {
        OptionalInt clean = StudyStops.heaviestClean(steps);
        if (clean.isEmpty()) {
            run.found("The agent's cost was not measured: no step ran with nothing holding the load back and nothing "
                    + "failing.");
            return Optional.empty();
        }
        LoadStep step = ran.get(clean.getAsInt());
        run.progress().phase(variant.name(), "the agent's cost: " + StudyLoads.name(step) + " with it");
        ProbeReport before = probe.readNow();
        run.phases().enter(owner, PhaseClock.Phase.MEASURED);
        LoadResult with = run.loads().step(target, run.study(), step, Progress.NONE);
        run.phases().enter(owner, PhaseClock.Phase.BETWEEN);
        ProbeReport after = probe.readNow();
        // the lab's agent counts its own threads' CPU; an agent that does not is a build of another lab
        long agentNanos = ProcessCounters.since(
                        before.counters().probeCpuNanos(), after.counters().probeCpuNanos())
                .orElseThrow(() -> new IllegalStateException("the agent did not count its own CPU"));
        // the JVM without the agent warms up as long as this one did before it was steady (or its cap)
        Duration warmedUp = result.warmUpSeconds().isPresent()
                ? Duration.ofMillis(Math.round(result.warmUpSeconds().getAsDouble() * 1000))
                : run.study().warmUp();
        return Optional.of(new With(step, with, agentNanos / 1e9 / with.elapsedSeconds(), warmedUp));
    }

    /** The same step without the agent, and what changed, as a finding; the reason where it could not run. */
    static void without(StudyRun run, Variant variant, With with, Path log, String owner) throws InterruptedException {
        run.progress().phase(variant.name(), "the agent's cost: " + StudyLoads.name(with.step()) + " without it");
        try {
            run.found(measuredWithout(run, variant, with, log, owner).sentence());
        } catch (IOException e) {
            run.found("The agent's cost was not measured: " + e.getMessage());
        }
    }

    /**
     * The same step in a fresh JVM of the application without the probe: warmed up as long as the study's JVM took to
     * be steady, with the same users, then the step run twice, the second measured.
     */
    private static AgentCost measuredWithout(StudyRun run, Variant variant, With with, Path log, String owner)
            throws InterruptedException, IOException {
        Study study = run.study();
        StudyRun.Tools tools = run.tools();
        run.phases().enter(owner, PhaseClock.Phase.JVM_START);
        try (ApplicationProcess app = ApplicationProcess.custom(
                        tools.java(), tools.home().agentJar(), study.jar(), log)
                .startFrom(tools.applications().startable(study.jar()))
                .path(study.path())
                .properties(run.services().applicationProperties(variant.properties()))
                .environment(run.services().applicationSecrets())
                .jvmOptions(study.jvmOptions())
                .withoutProbe()
                .start()) {
            URI target = app.uri(study.path());
            run.phases().enter(owner, PhaseClock.Phase.WARM_UP);
            if (with.warmedUp().isPositive()) {
                run.loads().unthinking(target, study, study.warmUpUsers(), with.warmedUp());
            }
            run.loads().step(target, study, with.step(), Progress.NONE);
            run.phases().enter(owner, PhaseClock.Phase.MEASURED);
            LoadResult without = run.loads().step(target, study, with.step(), Progress.NONE);
            run.phases().enter(owner, PhaseClock.Phase.BETWEEN);
            return new AgentCost(StudyLoads.name(with.step()), with.with(), without, with.agentCores());
        } catch (ServiceStartException e) {
            throw new IOException("the application did not start without the agent: " + e.getMessage(), e);
        }
    }
}
