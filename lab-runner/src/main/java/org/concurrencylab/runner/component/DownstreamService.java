package org.concurrencylab.runner.component;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import org.concurrencylab.catalog.Downstream;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.load.WarmUp;
import org.concurrencylab.driver.ClosedLoopDriver;
import org.concurrencylab.driver.ClosedModel;
import org.concurrencylab.driver.Progress;
import org.concurrencylab.probe.model.ProbeReport;
import org.concurrencylab.probe.model.ProbeSample;
import org.concurrencylab.probe.model.TimerTotals;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.results.usage.DownstreamUsage;
import org.concurrencylab.runner.environment.RunEnvironment;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.process.ProbeClient;
import org.concurrencylab.runner.process.ServiceProcess;
import org.concurrencylab.runner.process.ServiceStartException;

/**
 * An experiment's downstream simulator: started once before its variants (every variant calls the
 * same one, as in the articles), read around every step to show it kept up, stopped after them.
 */
public final class DownstreamService implements StartedComponent {

    private final Downstream declared;
    private final ServiceProcess process;
    private final ProbeClient probe;
    private final Map<String, Object> sizing;

    private DownstreamService(Downstream declared, ServiceProcess process) throws IOException {
        this.declared = declared;
        this.process = process;
        this.probe = new ProbeClient(process);
        this.sizing = probe.readNow().sizing();
    }

    /** Starts the experiment's downstream and warms it up as the experiment warms up its variants. */
    static DownstreamService start(RunEnvironment environment, Experiment experiment, Downstream downstream, Path log)
            throws ServiceStartException, InterruptedException, IOException {
        ServiceProcess process = ServiceProcess.start(
                environment.sharedComponentCommand(experiment, downstream.module(), "reactive"), log);
        try {
            DownstreamService started = new DownstreamService(downstream, process);
            WarmUp warmUp = experiment.warmUp();
            Duration timeout = environment.scaled().of(experiment.requestTimeout());
            new ClosedLoopDriver()
                    .run(
                            process.uri(downstream.warmUpPath()),
                            ClosedModel.custom(warmUp.users(), timeout)
                                    .heldFor(environment
                                            .scaled()
                                            .of(experiment.downstreamLatency())
                                            .multipliedBy(warmUp.lengthInD()))
                                    .connections(Connections.KEEP_ALIVE)
                                    .build(),
                            Progress.NONE);
            return started;
        } catch (IOException | RuntimeException | InterruptedException e) {
            process.close();
            throw e;
        }
    }

    @Override
    public Downstream declared() {
        return declared;
    }

    @Override
    public String address() {
        return baseUri().toString();
    }

    @Override
    public String description() {
        return "downstream simulator at " + baseUri();
    }

    @Override
    public List<MachineCpu.Tracked> processes() {
        return List.of(new MachineCpu.Tracked("downstream", "downstream", process.pid()));
    }

    URI baseUri() {
        return process.uri("");
    }

    public Map<String, Object> sizing() {
        return sizing;
    }

    public ProbeClient probe() {
        return probe;
    }

    /**
     * What it did between two reads; the samples are those of the step's time window.
     *
     * @param lone what it did with lone requests, sent one at a time after the warm-up
     */
    public static DownstreamUsage usage(ProbeReport before, ProbeReport after, long endEpochMillis, LoneCallee lone) {
        TimerTotals served = after.counters().servedSince(before.counters());
        int peakLive = after.samples().stream()
                .filter(sample -> sample.epochMillis() <= endEpochMillis)
                .mapToInt(ProbeSample::liveThreads)
                .max()
                .orElse(0);
        Map<String, DownstreamUsage.Held> holds = new TreeMap<>();
        after.counters().holds().keySet().forEach(resource -> {
            TimerTotals held = after.counters().heldSince(before.counters(), resource);
            if (held.count() > 0) {
                holds.put(
                        resource,
                        new DownstreamUsage.Held(
                                held.count(),
                                held.meanMillis().orElseThrow(),
                                lone.holds().containsKey(resource)
                                        ? OptionalDouble.of(lone.holds().get(resource))
                                        : OptionalDouble.empty()));
            }
        });
        return new DownstreamUsage(
                served.count(),
                served.meanMillis().orElse(0),
                lone.meanMillis(),
                peakLive,
                (after.counters().processCpuNanos() - before.counters().processCpuNanos()) / 1e9,
                holds);
    }

    @Override
    public void close() throws IOException {
        try {
            probe.close();
        } finally {
            process.close();
        }
    }
}
