package org.concurrencylab.runner.study;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.probe.model.ProbeReport;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.runner.component.StandInService;
import org.concurrencylab.runner.machine.LabCompiler;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.measure.PhaseClock;
import org.concurrencylab.runner.measure.RequestLog;
import org.concurrencylab.runner.measure.RequestShares;
import org.concurrencylab.runner.measure.StepResults;
import org.concurrencylab.runner.process.ProbeClient;

/**
 * The steps of one fork of a study's variant, each measured once, and again where its JIT compilers or a slowed host
 * moved it ({@link StepDisturbance}), up to {@link Defaults#STUDY_STEP_MEASUREMENTS} times in all where the fork's
 * budget still holds every later step; after a slowed host once the cores run at their usual speed. The last
 * measurement is the step's, and a finding says what moved each.
 *
 * @param run        the study's run
 * @param variant    the variant, as the results name it
 * @param who        how its findings name it
 * @param owner      whose time a step's phases are, in the time budget
 * @param requestLog where each step's per-request file goes, relative to the run's folder, without the step's name
 * @param target     where its requests go
 * @param probe      the application's agent
 * @param processes  every process whose CPU a step accounts
 * @param standIns   the study's stand-ins, where it has them
 * @param background what each process used with no load
 * @param serviceTime the fork's R0
 * @param sizing     what the application reported of its pools, as its steps' bounds read them
 */
record StepMeasurement(
        StudyRun run,
        Variant variant,
        String who,
        String owner,
        String requestLog,
        URI target,
        ProbeClient probe,
        List<MachineCpu.Tracked> processes,
        Optional<StandInService> standIns,
        MachineCpu.Background background,
        Duration serviceTime,
        Map<String, Object> sizing) {

    /** A step as measured, with what it was run as, which its c is judged again with. */
    record Measured(StepResult result, StepResults.Context context) {}

    /** The step, measured until nothing but the application moved it or the budget allows no more. */
    Measured measure(LoadStep step, List<String> only, StudyBudget budget) throws IOException, InterruptedException {
        List<String> disturbances = new ArrayList<>();
        for (int attempt = 1; ; attempt++) {
            Measured measured = once(step);
            Optional<String> disturbed = StepDisturbance.of(measured.result());
            disturbances.add(disturbed.orElse(StepDisturbance.UNDISTURBED));
            Duration wait = StepDisturbance.slowedCores(measured.result()) ? Defaults.CORES_SLOWED_WAIT : Duration.ZERO;
            boolean again = attempt < Defaults.STUDY_STEP_MEASUREMENTS
                    && disturbed.isPresent()
                    && budget.fitsAgain(step, budget.stepsAfter(step, only), wait);
            if (!again) {
                if (attempt > 1) {
                    run.found(StepDisturbance.measuredAgain(who, StudyLoads.name(step), disturbances));
                }
                return measured;
            }
            run.progress().phase(variant.name(), StudyLoads.name(step) + " again: " + disturbed.get());
            if (wait.isPositive()) {
                MachineCpu.awaitUsualSpeed(wait);
            }
        }
    }

    private Measured once(LoadStep step) throws IOException, InterruptedException {
        PhaseClock phases = run.phases();
        MachineCpu machineCpu = run.tools().machineCpu();
        run.progress().stepStarted(variant.name(), step.label(), step.totalRequests());
        ProbeReport before = probe.readNow();
        ProbeReport standInsBefore = standIns.isEmpty() ? null : standIns.get().readNow();
        // what the lab did since the last step is compiled now, not while this one is measured
        LabCompiler.awaitQuietBeforeAStep();
        MachineCpu.Reading machineBefore = machineCpu.read(processes);
        phases.enter(owner, PhaseClock.Phase.MEASURED);
        LoadResult load = run.loads()
                .step(target, run.study(), step, outcome -> run.progress().requestDone(outcome.failed()));
        phases.enter(owner, PhaseClock.Phase.BETWEEN);
        MachineCpu.Reading machineAfter = machineCpu.read(processes);
        ProbeReport after = probe.withPinsUpTo(
                probe.readSince(load.startEpochMillis()), load.startEpochMillis(), load.endEpochMillis());
        DownstreamUsage called = standIns.isEmpty()
                ? null
                : StandInService.usage(
                        standInsBefore,
                        standIns.get().readNow(),
                        load.startEpochMillis() + Math.round(1000 * load.elapsedSeconds()));
        String log = requestLog + StudyLoads.fileName(step) + ".csv";
        RequestLog.write(load, run.directory().resolve(log), Duration.ofSeconds(1));
        StepResults.Context context = StepResults.Context.custom(variant, step)
                .connections(run.study().connections())
                .measuredD(serviceTime)
                .requestTimeout(run.study().requestTimeout())
                .cpus(run.machineCpus(), run.machineCpus())
                .sizing(sizing)
                .requestLog(log)
                .build();
        StepResult measured = StepResults.of(
                context,
                load,
                new StepResults.ProbeReadings(before, after, null),
                new StepResults.MachineReadings(machineBefore, machineAfter, background, machineCpu.cores()),
                new StepResults.Neighbours(called, null, List.of()));
        if (run.study().requests().isMix()) {
            measured = StepResult.from(measured)
                    .byRequest(RequestShares.of(run.study().requests(), load))
                    .build();
        }
        return new Measured(measured, context);
    }
}
