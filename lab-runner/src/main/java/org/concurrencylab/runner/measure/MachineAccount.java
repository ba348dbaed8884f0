package org.concurrencylab.runner.measure;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.model.CapacityModel;
import org.concurrencylab.catalog.model.MachineBound;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.Outcome;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.BeyondLimit;
import org.concurrencylab.results.usage.CoreSpeed;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.results.usage.MachineUsage;
import org.concurrencylab.results.usage.ProcessCpu;
import org.concurrencylab.results.usage.ProcessUsage;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.measure.StepResults.Context;
import org.concurrencylab.runner.measure.StepResults.MachineReadings;

/**
 * The machine's account of a step: who used its CPU (every process the lab ran, through OSHI), c, the bound this
 * machine's CPU leaves the step, and whether the machine rather than the system may have decided the step's
 * figures: its model's share above {@link Defaults#MACHINE_SHARE_OF_BOUND}, a JIT still busy, or cores the host ran
 * more than {@link Defaults#CORES_SLOWED} times slower than usual. Judged again once the variant's c is fitted over
 * all its steps ({@link CpuPerRequest}).
 */
final class MachineAccount {

    private MachineAccount() {}

    /**
     * Who used the CPU, what bound that leaves, and whether the machine rather than the system decided
     * the step: its model's share above {@link Defaults#MACHINE_SHARE_OF_BOUND}, a JIT still busy, or cores the
     * host ran more than {@link Defaults#CORES_SLOWED} times slower than usual.
     */
    static MachineUsage of(
            Context context,
            CapacityModel.Bound bound,
            LoadResult load,
            ProcessUsage process,
            MachineReadings readings,
            DownstreamUsage downstream) {
        MachineCpu.Reading before = readings.before();
        MachineCpu.Reading after = readings.after();
        long completed = load.sent() - load.failuresByKind().getOrDefault(Outcome.NOT_SENT, 0L);
        List<ProcessCpu> processes = MachineCpu.used(before, after, completed, readings.background());
        double cpuPerRequest = processes.stream()
                        .mapToDouble(used -> used.cpuMillisPerRequest().orElse(0))
                        .sum()
                / 1e3;
        Account account = new Account(
                readings.cores(),
                MachineCpu.idleShare(before, after),
                processes,
                MachineCpu.coreSpeed(before, after),
                completed,
                load.elapsedSeconds(),
                process.jitShareOfACore(load.elapsedSeconds()).orElse(0),
                downstream);
        return judged(context, bound, account, cpuPerRequest).build();
    }

    /**
     * The same step judged again with the variant's c, fitted over all its steps ({@link CpuPerRequest}), where the
     * step's own carries what its requests did not cost (the processes' work each step, whatever its requests).
     */
    static StepResult withCpuPerRequest(Context context, StepResult step, CpuPerRequest fit) {
        MachineUsage machine = step.machine();
        if (machine == null || step.service().process() == null) {
            return step;
        }
        double elapsed = step.client().elapsedSeconds();
        Account account = new Account(
                machine.cores(),
                machine.idleShare(),
                machine.processes(),
                machine.coreSpeed(),
                step.client().requests().sent()
                        - step.client().requests().failedByKind().getOrDefault(Outcome.NOT_SENT.name(), 0L),
                elapsed,
                step.service().process().jitShareOfACore(elapsed).orElse(0),
                step.service().downstream());
        return StepResult.from(step)
                .machine(judged(context, StepResults.bound(context), account, fit.millisPerRequest() / 1e3)
                        .cpuSecondsEveryStep(OptionalDouble.of(fit.secondsEveryStep()))
                        .build())
                .build();
    }

    /**
     * What the machine's account of a step is made of, besides c.
     *
     * @param completed the step's requests that were sent and ended, answered or failed
     * @param jitShare  the share of a core the entry service's JIT took during the step
     */
    private record Account(
            int cores,
            OptionalDouble idleShare,
            List<ProcessCpu> processes,
            CoreSpeed coreSpeed,
            long completed,
            double elapsedSeconds,
            double jitShare,
            DownstreamUsage downstream) {}

    /** The machine's account of a step at c = {@code cpuPerRequest} seconds, and its verdict, to be built. */
    private static MachineUsage.Builder judged(
            Context context, CapacityModel.Bound bound, Account account, double cpuPerRequest) {
        int cores = account.cores();
        long completed = account.completed();
        List<ProcessCpu> processes = account.processes();
        double poolPerSecond = context.scaled().rate(bound.throughputPerSecond());
        List<String> why = new ArrayList<>();
        CoreSpeed coreSpeed = account.coreSpeed();
        if (coreSpeed != null
                && coreSpeed.samples() >= Defaults.CORES_SLOWED_SAMPLES
                && coreSpeed.slowdown() > Defaults.CORES_SLOWED) {
            why.add(format(
                    Locale.ROOT,
                    MachineUsage.CORES_SLOWED + " %s times their usual CPU time for the same work "
                            + "in this run (the lab's core-speed meter: the host slowed them)",
                    BeyondLimit.figure(coreSpeed.slowdown(), Defaults.CORES_SLOWED, 2)));
        }
        double jit = account.jitShare();
        // an experiment's services compile with C1 and go quiet, so a busy JIT means one still warming up; a user's
        // application compiles with C2 for minutes at a moderate load (measured: fixtures/pooled-app still compiled 25
        // methods a second after 40 s, its requests as fast as alone), and what its JIT takes from the cores is in c,
        // which the model below weighs
        if (!context.dIsMeasured() && jit > Defaults.JIT_BUSY_SHARE_OF_A_CORE) {
            why.add(format(
                    Locale.ROOT,
                    MachineUsage.JIT_BUSY + " %s %% of a core",
                    BeyondLimit.figure(100 * jit, 100 * Defaults.JIT_BUSY_SHARE_OF_A_CORE, 0)));
        }
        MachineUsage.Builder machine = MachineUsage.custom()
                .cores(cores)
                .idleShare(account.idleShare())
                .processes(processes)
                .cpuMillisPerRequest(cpuPerRequest * 1e3)
                .coreSpeed(coreSpeed);
        if (!bound.waits() || cpuPerRequest <= 0 || completed < Defaults.REQUESTS_TO_MEASURE_C) {
            String model = !bound.waits()
                    ? MachineUsage.CPU_WORK
                    : completed < Defaults.REQUESTS_TO_MEASURE_C
                            ? "too few requests (" + completed + ") to tell their CPU "
                                    + "from the processes' background"
                            : "no CPU was measured";
            return judged(machine.cpuBoundModel(model), why);
        }
        double holdSeconds =
                bound.holdInD() * context.scaled().of(context.articleD()).toNanos() / 1e9;
        // a held load is closed, but its users keep the system at its steady state: as an open load at that rate
        double cpuOnHold = bound.rolesOnHold().isEmpty()
                ? cpuPerRequest
                : processes.stream()
                                .filter(used -> bound.rolesOnHold().contains(used.role()))
                                .mapToDouble(used -> used.cpuMillisPerRequest().orElse(0))
                                .sum()
                        / 1e3;
        DownstreamUsage.Held timed = bound.timedAs().isEmpty() || account.downstream() == null
                ? null
                : account.downstream().holds().get(bound.timedAs());
        // a study's R0 already holds its CPU: counted again as the machine's, it made 8 % of a 44 ms R0 the machine's
        // share at 2 users, on 2 cores 8 % busy, whose requests took no longer than alone; and its users' bound is not
        // what the cores served where a pool held the load back. Its held steps' users are a closed population, whose
        // wait for a core their number bounds; its open steps' arrivals wait as an open queue's
        MachineBound.Estimate estimate = context.dIsMeasured()
                ? context.step() instanceof LoadStep.Held users
                        ? MachineBound.closedMeasured(
                                poolPerSecond,
                                users.users(),
                                holdSeconds,
                                context.scaled().of(users.thinkTime()).toNanos() / 1e9,
                                cpuPerRequest,
                                cores)
                        : MachineBound.openMeasured(
                                poolPerSecond, completed / account.elapsedSeconds(), holdSeconds, cpuPerRequest, cores)
                : timed != null && timed.count() >= Defaults.REQUESTS_TO_MEASURE_C
                        ? MachineBound.measured(
                                poolPerSecond,
                                holdSeconds,
                                timed.meanMillis() / 1e3,
                                timed.aloneMeanMillis().stream()
                                        .map(millis -> millis / 1e3)
                                        .findFirst(),
                                timed.count(),
                                bound.timedAs().replace('-', ' ') + "'s lock")
                        : context.step() instanceof LoadStep.Closed closed
                                ? MachineBound.closed(
                                        poolPerSecond, closed.totalRequests(), holdSeconds, cpuPerRequest, cores)
                                : MachineBound.open(
                                        poolPerSecond,
                                        holdSeconds,
                                        Math.max(1e-6, Math.min(cpuOnHold, cpuPerRequest)),
                                        cpuPerRequest,
                                        cores);
        if (estimate.share() > Defaults.MACHINE_SHARE_OF_BOUND) {
            why.add(format(
                    Locale.ROOT,
                    "this machine's CPU %s by the model (%s)",
                    estimate.shareInWords(),
                    estimate.explanation()));
        }
        return judged(
                machine.cpuBoundPerSecond(OptionalDouble.of(estimate.perSecond()))
                        .cpuBoundModel(estimate.explanation())
                        .machineShare(estimate.share()),
                why);
    }

    /** The account with its verdict: machine-bound where anything gave a reason, clean otherwise. */
    private static MachineUsage.Builder judged(MachineUsage.Builder account, List<String> why) {
        return account.verdict(why.isEmpty() ? MachineUsage.CLEAN : MachineUsage.MACHINE_BOUND)
                .why(String.join("; ", why));
    }
}
