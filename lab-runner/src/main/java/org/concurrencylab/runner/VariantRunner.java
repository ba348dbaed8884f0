package org.concurrencylab.runner;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.Autoscaling;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.catalog.load.WarmUp;
import org.concurrencylab.driver.ClosedLoopDriver;
import org.concurrencylab.driver.ClosedModel;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.OpenLoopDriver;
import org.concurrencylab.driver.OpenModel;
import org.concurrencylab.driver.Progress;
import org.concurrencylab.driver.RequestMix;
import org.concurrencylab.driver.RequestTemplate;
import org.concurrencylab.driver.Targets;
import org.concurrencylab.probe.model.ProbeReport;
import org.concurrencylab.probe.model.ProbeSample;
import org.concurrencylab.probe.model.TimerTotals;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.WriteFailed;
import org.concurrencylab.results.step.ServiceTimeline;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.usage.Autoscaled;
import org.concurrencylab.results.usage.DatabaseUsage;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.runner.component.DownstreamService;
import org.concurrencylab.runner.component.LoneCallee;
import org.concurrencylab.runner.component.SharedComponents;
import org.concurrencylab.runner.environment.RemoteLoad;
import org.concurrencylab.runner.environment.RunEnvironment;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.machine.LabCompiler;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.measure.CpuPerRequest;
import org.concurrencylab.runner.measure.PhaseClock;
import org.concurrencylab.runner.measure.RequestLog;
import org.concurrencylab.runner.measure.RequestShares;
import org.concurrencylab.runner.measure.ServiceTimelines;
import org.concurrencylab.runner.measure.StepResults;
import org.concurrencylab.runner.process.ProbeClient;
import org.concurrencylab.runner.process.ServiceCommand;
import org.concurrencylab.runner.process.ServiceStartException;
import org.concurrencylab.runner.warmup.ClosedWarmUp;
import org.concurrencylab.runner.warmup.SteadyWarmUp;

/** Runs one variant in its own JVM: start, read its sizing, warm up, run each step, stop. */
public final class VariantRunner {

    private final RunEnvironment environment;
    private final ClosedLoopDriver closedDriver = new ClosedLoopDriver();
    private final OpenLoopDriver openDriver = new OpenLoopDriver();
    private final MachineCpu machineCpu = new MachineCpu();

    VariantRunner(RunEnvironment environment) {
        this.environment = environment;
    }

    VariantResult run(Experiment experiment, Variant variant, Path resultsDirectory, SharedComponents shared)
            throws InterruptedException {
        Scaled scaled = environment.scaled();
        Duration serviceTime = scaled.of(experiment.downstreamLatency());
        Duration timeout = scaled.of(variant.requestTimeoutIn(experiment));
        int cpus = environment.cpusFor(variant);
        RunProgress progress = environment.progress();
        int jvms = variant.autoscaling().map(Autoscaling::maxInstances).orElse(variant.instances())
                + experiment.chain().size();
        progress.phase(
                variant.name(),
                "starting " + (jvms == 1 ? "JVM" : jvms + " JVMs") + " (" + cpus + " CPUs)"
                        + (variant.autoscaling().isPresent()
                                ? ", " + (variant.autoscaling().get().maxInstances() - variant.instances())
                                        + " standing by for the autoscaler"
                                : ""));
        Path log = resultsDirectory.resolve("logs").resolve(experiment.name()).resolve(variant.name() + ".log");
        PhaseClock phases = environment.phases();
        String owner = experiment.name() + "/" + variant.name();
        phases.enter(owner, PhaseClock.Phase.JVM_START);
        Optional<RemoteLoad> remote = environment.remoteLoad();
        if (remote.isPresent()
                && (variant.instances() > 1 || variant.autoscaling().isPresent())) {
            return failed(
                    variant,
                    cpus,
                    "load from other hosts reaches one instance, and this variant runs "
                            + (variant.autoscaling().isPresent()
                                    ? "as many as its autoscaler starts"
                                    : variant.instances()));
        }
        if (remote.isPresent() && variant.paths().isPresent()) {
            return failed(
                    variant,
                    cpus,
                    "its load sends " + variant.paths().get().shares().size()
                            + " paths, and the load hosts' engines send one: run it from this host");
        }
        RequestMix requests = requestsOf(variant);
        // load from other hosts must reach the entry service, which then listens on every interface
        String bind = remote.isPresent() && !remote.get().onThisHost()
                ? ServiceCommand.EVERY_INTERFACE.getFirst()
                : ServiceCommand.LOOPBACK;
        try (RunningVariant running = RunningVariant.start(environment, experiment, variant, log, shared, 0, bind)) {
            ProbeClient probe = running.entry().probe();
            // one read for both: the pools' sizes as the service reports them, and its newest samples at rest
            ProbeReport started = probe.readSince(System.currentTimeMillis() - RECENT.toMillis());
            Map<String, Object> sizing = new LinkedHashMap<>(started.sizing());
            sizing.putAll(running.chainSizing());
            if (!started.samples().isEmpty()) {
                sizing.put(
                        VariantResult.LIVE_THREADS_AT_START,
                        started.samples().getLast().liveThreads());
            }
            List<URI> targets = running.targets(experiment.path());
            progress.phase(variant.name(), "warming up until steady");
            phases.enter(owner, PhaseClock.Phase.WARM_UP);
            SteadyWarmUp.Outcome warmedUp = warmUp(targets, requests, running.serving(), serviceTime, timeout);
            sizing.putAll(VariantResult.warmUpSizing(
                    warmedUp.took().toMillis() / 1e3, warmedUp.steady(), warmedUp.answered()));
            // where the load hosts send their requests, and where their engine's plans and sample logs go
            Optional<URI> remoteTarget = remote.map(load -> reachable(targets.getFirst(), load));
            Optional<Path> remoteWork = remote.map(load -> resultsDirectory
                    .resolve(load.engine())
                    .resolve(experiment.name())
                    .resolve(variant.name()));
            if (remote.isPresent()) {
                // the load hosts' engines compile their own request path: a step they drive cold pays for it
                progress.phase(variant.name(), "warming up the load hosts");
                warmUpRemote(
                        remote.get(),
                        remoteTarget.orElseThrow(),
                        timeout,
                        remoteWork.orElseThrow().resolve("warm-up"));
            }
            List<StepResult> steps = new ArrayList<>();
            List<StepResults.Context> contexts = new ArrayList<>();
            List<MachineCpu.Tracked> processes = new ArrayList<>();
            processes.add(new MachineCpu.Tracked(
                    "driver", "lab", ProcessHandle.current().pid()));
            processes.addAll(running.processes());
            processes.addAll(shared.processes());
            // what the entry service calls: the next service of its chain, else the downstream simulator
            Optional<ProbeClient> callee = running.firstOfChain()
                    .map(RunningVariant.Running::probe)
                    .or(() -> shared.downstream().map(DownstreamService::probe));
            phases.enter(owner, PhaseClock.Phase.LONE);
            LoneCallee calleeAlone = calleeAlone(callee, targets, timeout);
            phases.enter(owner, PhaseClock.Phase.BETWEEN);
            MachineCpu.Background background = machineCpu.background(processes);
            for (LoadStep step : experiment.steps()) {
                progress.stepStarted(variant.name(), step.label(), step.totalRequests());
                ProbeReport before = probe.readSince(System.currentTimeMillis() - RECENT.toMillis());
                Optional<ProbeReport> calleeBefore = callee.isEmpty()
                        ? Optional.empty()
                        : Optional.of(callee.get().readNow());
                // what the lab did since the last step is compiled now, not while this one is measured
                LabCompiler.awaitQuietBeforeAStep();
                MachineCpu.Reading machineBefore = machineCpu.read(processes);
                Progress stepProgress = outcome -> progress.requestDone(outcome.failed());
                String incomplete = null;
                Map<String, Long> byHost = null;
                Autoscaled autoscaled = null;
                LoadResult load;
                phases.enter(owner, PhaseClock.Phase.MEASURED);
                if (remote.isPresent()) {
                    RemoteLoad.Driven driven;
                    try {
                        driven = remote.get()
                                .drive(
                                        remoteTarget.orElseThrow(),
                                        step,
                                        scaled,
                                        timeout,
                                        environment.connections(),
                                        remoteWork.orElseThrow().resolve(step.fileName()),
                                        stepProgress);
                    } catch (RemoteLoad.Incomplete e) {
                        driven = e.arrived();
                        incomplete = e.getMessage();
                    }
                    load = driven.load();
                    byHost = driven.requestsByHost();
                } else if (variant.autoscaling().isPresent() && !(step instanceof LoadStep.Open)) {
                    // the users follow the instances as they join; the step's CPU account read them standing by too
                    Targets spread = Targets.of(running.targets(experiment.path()));
                    Autoscaler autoscaler =
                            Autoscaler.start(variant.autoscaling().get(), scaled, running, spread, experiment.path());
                    try {
                        load = drive(spread, requests, step, timeout, stepProgress);
                    } finally {
                        autoscaled = autoscaler.stop();
                    }
                } else {
                    load = drive(Targets.of(targets), requests, step, timeout, stepProgress);
                }
                phases.enter(owner, PhaseClock.Phase.BETWEEN);
                MachineCpu.Reading machineAfter = machineCpu.read(processes);
                ProbeReport after = probe.withPinsUpTo(
                        probe.readSince(load.startEpochMillis()), load.startEpochMillis(), load.endEpochMillis());
                Optional<ProbeSample> rested = step == experiment.steps().getLast() && variant.threadsAfterLoad()
                        ? rested(probe, serviceTime.multipliedBy(Defaults.REST_AFTER_LOAD_IN_D), load.endEpochMillis())
                        : Optional.empty();
                Optional<ProbeReport> calleeAfter = read(callee, load.startEpochMillis());
                DownstreamUsage calleeUsage = calleeBefore.isEmpty()
                        ? null
                        : DownstreamService.usage(
                                calleeBefore.get(), calleeAfter.orElseThrow(), load.endEpochMillis(), calleeAlone);
                List<ServiceTimeline> services = new ArrayList<>();
                services.add(ServiceTimelines.of(
                        experiment.service().replaceFirst("-service$", ""), after.windows(), load, scaled));
                calleeAfter.ifPresent(report -> services.add(ServiceTimelines.of(
                        running.firstOfChain().map(RunningVariant.Running::role).orElse("downstream"),
                        report.windows(),
                        load,
                        scaled)));
                DatabaseUsage database = shared.database().isEmpty()
                        ? null
                        : shared.database()
                                .get()
                                .usage(
                                        load.startEpochMillis(),
                                        load.endEpochMillis(),
                                        scaled.articleSecond().toNanos() / 1e6);
                String requestLog = RequestLog.pathOf(experiment, variant, step);
                RequestLog.write(load, resultsDirectory.resolve(requestLog), scaled.articleSecond());
                StepResults.Context context = StepResults.Context.custom(variant, step)
                        .connections(environment.connections())
                        .declaredD(experiment.downstreamLatency())
                        .scaled(scaled)
                        .requestTimeout(timeout)
                        .cpus(cpus, environment.machineCpus())
                        .sizing(sizing)
                        .requestLog(requestLog)
                        .build();
                StepResult result = StepResults.of(
                        context,
                        load,
                        new StepResults.ProbeReadings(before, after, rested.orElse(null)),
                        new StepResults.MachineReadings(machineBefore, machineAfter, background, machineCpu.cores()),
                        new StepResults.Neighbours(calleeUsage, database, services));
                if (requests.isMix()) {
                    result = StepResult.from(result)
                            .byRequest(RequestShares.of(requests, load))
                            .build();
                }
                if (byHost != null) {
                    result = StepResult.from(result)
                            .plan(result.plan().drivenFrom(remote.get().engine(), byHost))
                            .build();
                }
                if (autoscaled != null) {
                    result = StepResult.from(result).autoscaled(autoscaled).build();
                }
                steps.add(result);
                contexts.add(context);
                if (incomplete != null) {
                    // what arrived is kept; the steps after it would measure a load short of a host
                    phases.enter(owner, PhaseClock.Phase.JVM_STOP);
                    return VariantResult.custom(variant.name())
                            .summary(variant.summary())
                            .origin(variant.origin().label())
                            .cpus(cpus)
                            .failed(step.label() + " is incomplete: " + incomplete)
                            .sizing(sizing)
                            .properties(variant.properties())
                            .steps(CpuPerRequest.fitted(steps, contexts))
                            .build();
                }
            }
            // closing the variant stops its JVMs
            phases.enter(owner, PhaseClock.Phase.JVM_STOP);
            return VariantResult.custom(variant.name())
                    .summary(variant.summary())
                    .origin(variant.origin().label())
                    .cpus(cpus)
                    .sizing(sizing)
                    .properties(variant.properties())
                    .steps(CpuPerRequest.fitted(steps, contexts))
                    .build();
        } catch (ServiceStartException e) {
            return failed(variant, cpus, "did not start: " + e.getMessage());
        } catch (WriteFailed e) {
            // not this variant's failure: the run cannot keep what it measures, and stops
            throw e;
        } catch (IOException | RuntimeException e) {
            return failed(variant, cpus, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** A window that holds the probe's newest samples, whatever its interval. */
    private static final Duration RECENT = Duration.ofSeconds(1);

    /**
     * The first sample the probe took after a rest with no load: pools keep idle threads for a while (Tomcat's for 60 s)
     * in case they are needed again, and what they kept is what a service costs between bursts.
     */
    private static Optional<ProbeSample> rested(ProbeClient probe, Duration rest, long loadEndEpochMillis)
            throws IOException, InterruptedException {
        long due = loadEndEpochMillis + rest.toMillis();
        // the first sample the probe took once the rest was over; its sampler ticks on its own clock
        for (int attempt = 0; attempt < RESTED_ATTEMPTS; attempt++) {
            long sleep = due - System.currentTimeMillis();
            Thread.sleep(Math.max(sleep, RECENT.toMillis() / 10));
            List<ProbeSample> samples = probe.readSince(due).samples();
            if (!samples.isEmpty()) {
                return Optional.of(samples.getFirst());
            }
        }
        return Optional.empty();
    }

    /** Reads of the probe, a tenth of a second apart, before a rest's sample is given up on. */
    private static final int RESTED_ATTEMPTS = 10;

    /** Requests sent one at a time to learn how long a hold lasts with nothing else running. */
    private static final int ALONE = 20;

    /**
     * Where the called service times its holds of what the capacity model counts (a row's lock), how
     * long one of its requests and one hold last when requests come one at a time: the system as it makes
     * them, round trips and timer slack included (measured here: holds of 21.0-21.2 ms for a declared
     * 20 ms), against which a step shows what its load and this machine added. Not measured where
     * nothing is timed.
     */
    private LoneCallee calleeAlone(Optional<ProbeClient> callee, List<URI> targets, Duration timeout)
            throws IOException, InterruptedException {
        if (callee.isEmpty()) {
            return LoneCallee.NOT_MEASURED;
        }
        ProbeReport before = callee.get().readNow();
        if (before.counters().holds().isEmpty()) {
            return LoneCallee.NOT_MEASURED;
        }
        closedDriver.run(
                targets.getFirst(),
                ClosedModel.custom(1, timeout)
                        .repetitions(ALONE)
                        .connections(environment.connections())
                        .build(),
                Progress.NONE);
        ProbeReport after = callee.get().readNow();
        Map<String, Double> holds = new TreeMap<>();
        after.counters()
                .holds()
                .keySet()
                .forEach(resource -> after.counters()
                        .heldSince(before.counters(), resource)
                        .meanMillis()
                        .ifPresent(mean -> holds.put(resource, mean)));
        TimerTotals served = after.counters().servedSince(before.counters());
        return new LoneCallee(served.meanMillis(), holds);
    }

    /**
     * The experiment's warm-up users, without thinking, until the services are steady ({@link SteadyWarmUp} by
     * {@link Defaults#WARM_UP_WINDOW}), at most for the warm-up's length: see {@link WarmUp} for why a closed load.
     */
    private SteadyWarmUp.Outcome warmUp(
            List<URI> targets, RequestMix requests, List<ProbeClient> services, Duration serviceTime, Duration timeout)
            throws IOException, InterruptedException {
        WarmUp warmUp = environment.warmUp();
        return ClosedWarmUp.run(
                closedDriver,
                Targets.of(targets),
                ClosedModel.custom(warmUp.users(), timeout)
                        .requests(requests)
                        .heldFor(serviceTime.multipliedBy(warmUp.lengthInD()))
                        .connections(environment.connections())
                        .build(),
                services,
                new SteadyWarmUp(
                        Defaults.JIT_BUSY_SHARE_OF_A_CORE,
                        Defaults.STEADY_THROUGHPUT,
                        Defaults.warmUpRequests(environment.jit())),
                Defaults.WARM_UP_WINDOW);
    }

    /** A closed load of the warm-up's users from the load hosts, discarded, as many rounds as the lab's own warm-up lasts in D. */
    private void warmUpRemote(RemoteLoad remote, URI target, Duration timeout, Path work)
            throws IOException, InterruptedException {
        WarmUp warmUp = environment.warmUp();
        try {
            remote.drive(
                    target,
                    new LoadStep.Closed(
                            Math.max(warmUp.users(), remote.hosts().size()), Math.max(2, warmUp.lengthInD())),
                    environment.scaled(),
                    timeout,
                    environment.connections(),
                    work,
                    Progress.NONE);
        } catch (RemoteLoad.Incomplete e) {
            throw new IOException("the load hosts' warm-up: " + e.getMessage(), e);
        }
    }

    /** What each request of the variant's load sends: a GET to its paths in their shares, else to the experiment's. */
    static RequestMix requestsOf(Variant variant) {
        return variant.paths()
                .map(paths -> new RequestMix(paths.shares().stream()
                        .map(share -> RequestMix.Part.of(share.path(), RequestTemplate.ofDefaults(), share.weight()))
                        .toList()))
                .orElseGet(() -> RequestMix.of(RequestTemplate.ofDefaults()));
    }

    private LoadResult drive(Targets targets, RequestMix requests, LoadStep step, Duration timeout, Progress progress)
            throws InterruptedException {
        Scaled scaled = environment.scaled();
        return switch (step) {
            case LoadStep.Closed closed ->
                closedDriver.run(
                        targets,
                        ClosedModel.custom(closed.users(), timeout)
                                .requests(requests)
                                .repetitions(closed.repetitions())
                                .connections(environment.connections())
                                .build(),
                        progress);
            case LoadStep.Held held ->
                closedDriver.run(
                        targets,
                        ClosedModel.custom(held.users(), timeout)
                                .requests(requests)
                                .heldFor(scaled.of(held.length()))
                                .rampUp(scaled.of(held.rampUp()))
                                .thinkTime(scaled.of(held.thinkTime()))
                                .connections(environment.connections())
                                .build(),
                        progress);
            case LoadStep.Open open ->
                openDriver.run(
                        targets.first(),
                        new OpenModel(
                                        scaled.rate(open.ratePerSecond()),
                                        scaled.of(open.duration()),
                                        timeout,
                                        environment.connections())
                                .sending(requests),
                        progress);
        };
    }

    /** The entry service as the load hosts reach it: its port, at the address they know this host by. */
    private static URI reachable(URI target, RemoteLoad remote) {
        String host = remote.reachableAt().contains(":") ? "[" + remote.reachableAt() + "]" : remote.reachableAt();
        return URI.create(target.getScheme() + "://" + host + ":" + target.getPort() + target.getRawPath());
    }

    private static Optional<ProbeReport> read(Optional<ProbeClient> probe, long since) throws IOException {
        return probe.isEmpty() ? Optional.empty() : Optional.of(probe.get().readSince(since));
    }

    public static VariantResult failed(Variant variant, int cpus, String reason) {
        return VariantResult.custom(variant.name())
                .summary(variant.summary())
                .origin(variant.origin().label())
                .cpus(cpus)
                .failed(reason)
                .sizing(new LinkedHashMap<>())
                .properties(variant.properties())
                .build();
    }
}
