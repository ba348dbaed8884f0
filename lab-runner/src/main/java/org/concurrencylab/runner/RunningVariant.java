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
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import org.concurrencylab.catalog.ChainedService;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.Autoscaling;
import org.concurrencylab.runner.component.SharedComponents;
import org.concurrencylab.runner.environment.RunEnvironment;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.process.LoopbackPorts;
import org.concurrencylab.runner.process.ProbeClient;
import org.concurrencylab.runner.process.ServiceCommand;
import org.concurrencylab.runner.process.ServiceProcess;
import org.concurrencylab.runner.process.ServiceStartException;

/**
 * Every JVM of one variant: the services of its chain and the entry service's instances, started side by side
 * (the chain's on ports chosen for them first, which the entry service is told), then any instances an
 * autoscaler keeps standing by, one at a time. Closing stops them all, the entry service first.
 */
final class RunningVariant implements AutoCloseable {

    /** One service of the variant and its probe. */
    record Running(String role, ServiceProcess process, ProbeClient probe) {}

    private final List<Running> chain = new ArrayList<>();
    /** An autoscaler adds to them from its own thread while the load runs. */
    private final List<Running> entries = new CopyOnWriteArrayList<>();
    /** Instances started for an autoscaler, not yet among the entry service's. */
    private final List<Standby> standby = new ArrayList<>();

    private boolean closed;

    private RunningVariant() {}

    /**
     * @param entryLog the entry service's log; the other services' logs go beside it, named after it
     * @param port     where the entry service's first instance listens; 0 for any free port
     */
    static RunningVariant start(
            RunEnvironment environment,
            Experiment experiment,
            Variant variant,
            Path entryLog,
            SharedComponents shared,
            int port)
            throws ServiceStartException, InterruptedException {
        return start(environment, experiment, variant, entryLog, shared, port, ServiceCommand.LOOPBACK);
    }

    /** @param bind where the entry service's first instance listens; its chain and the rest stay on loopback */
    static RunningVariant start(
            RunEnvironment environment,
            Experiment experiment,
            Variant variant,
            Path entryLog,
            SharedComponents shared,
            int port,
            String bind)
            throws ServiceStartException, InterruptedException {
        RunningVariant running = new RunningVariant();
        try {
            // every service learns where every shared component answers; each reads what it uses
            Map<String, String> chainWiring = shared.wiring();
            Map<String, String> wiring = new LinkedHashMap<>(chainWiring);
            List<Callable<Running>> starts = new ArrayList<>();
            for (ChainedService service : experiment.chain()) {
                Path log = beside(entryLog, service.name());
                int chainPort = freePort(service.name());
                ServiceCommand command = environment.command(
                        experiment,
                        service.module(),
                        variant,
                        service.propertiesOf(variant),
                        chainPort,
                        chainWiring,
                        log);
                starts.add(() -> {
                    ServiceProcess process = ServiceProcess.start(command, log);
                    return new Running(service.name(), process, new ProbeClient(process));
                });
                // as ServiceProcess.uri("") says it
                wiring.put(service.urlProperty(), "http://127.0.0.1:" + chainPort);
            }
            for (int instance = 1; instance <= variant.instances(); instance++) {
                int number = instance;
                starts.add(() -> startEntry(
                        environment,
                        experiment,
                        variant,
                        entryLog,
                        wiring,
                        number,
                        number == 1 ? port : 0,
                        number == 1 ? bind : ServiceCommand.LOOPBACK));
            }
            List<Running> services = StartTogether.all(starts, RunningVariant::stop);
            running.chain.addAll(services.subList(0, experiment.chain().size()));
            running.entries.addAll(services.subList(experiment.chain().size(), services.size()));
            int most = variant.autoscaling().map(Autoscaling::maxInstances).orElse(variant.instances());
            for (int instance = variant.instances() + 1; instance <= most; instance++) {
                long started = System.nanoTime();
                Running waiting = startEntry(
                        environment, experiment, variant, entryLog, wiring, instance, 0, ServiceCommand.LOOPBACK);
                running.standby.add(new Standby(waiting, Duration.ofNanos(System.nanoTime() - started)));
            }
            return running;
        } catch (ServiceStartException | InterruptedException | RuntimeException e) {
            running.close();
            throw e;
        }
    }

    /** A free loopback port for a service others must know the address of before it starts. */
    private static int freePort(String service) throws ServiceStartException {
        try {
            return LoopbackPorts.free();
        } catch (IOException e) {
            throw new ServiceStartException("no free port on 127.0.0.1 for " + service + ": " + e.getMessage());
        }
    }

    /** The entry service's instance number {@code instance} (from 1), answering once this returns. */
    private static Running startEntry(
            RunEnvironment environment,
            Experiment experiment,
            Variant variant,
            Path entryLog,
            Map<String, String> wiring,
            int instance,
            int port,
            String bind)
            throws ServiceStartException, InterruptedException {
        Path log = instance == 1 ? entryLog : beside(entryLog, Integer.toString(instance));
        ServiceProcess process =
                ServiceProcess.start(environment.command(experiment, variant, port, wiring, log, bind), log);
        return new Running(instance == 1 ? "service" : "service-" + instance, process, new ProbeClient(process));
    }

    /**
     * An instance started with the variant for its autoscaler, cold and out of the load, and how long it
     * took to answer.
     */
    record Standby(Running instance, Duration startUp) {}

    /** The instances standing by for an autoscaler, in the order they started. */
    synchronized List<Standby> standby() {
        return List.copyOf(standby);
    }

    /** Counts a standby instance among the entry service's, from now on; false where the variant is stopping. */
    synchronized boolean admit(Standby instance) {
        if (closed || !standby.remove(instance)) {
            return false;
        }
        entries.add(instance.instance());
        return true;
    }

    /** {@code legacy.log} and {@code orders} give {@code legacy.orders.log}. */
    private static Path beside(Path entryLog, String part) {
        String name = entryLog.getFileName().toString();
        String stem = name.endsWith(".log") ? name.substring(0, name.length() - ".log".length()) : name;
        return entryLog.resolveSibling(stem + "." + part + ".log");
    }

    /** The entry service's first instance, whose threads and timers the step reports. */
    Running entry() {
        return entries.getFirst();
    }

    /** Where the load goes: every instance of the entry service, round robin. */
    List<URI> targets(String path) {
        return entries.stream().map(running -> running.process().uri(path)).toList();
    }

    /** The first service the entry service calls, whose timers show how the chain's latency rose. */
    Optional<Running> firstOfChain() {
        return chain.isEmpty() ? Optional.empty() : Optional.of(chain.getFirst());
    }

    List<URI> chainUris() {
        return chain.stream().map(running -> running.process().uri("")).toList();
    }

    /** What the entry service calls, in words, for {@code ./lab serve}. */
    List<String> chainDescription() {
        return chain.stream()
                .map(running -> running.role() + " at " + running.process().uri(""))
                .toList();
    }

    /** The probes of the services the load reaches: the entry service's instances and its chain. */
    List<ProbeClient> serving() {
        List<ProbeClient> probes = new ArrayList<>();
        entries.forEach(running -> probes.add(running.probe()));
        chain.forEach(running -> probes.add(running.probe()));
        return probes;
    }

    /** The entry service's instances, for an autoscaler's reading of their CPU. */
    List<MachineCpu.Tracked> entryProcesses() {
        return entries.stream().map(RunningVariant::entryProcess).toList();
    }

    private static MachineCpu.Tracked entryProcess(Running instance) {
        return new MachineCpu.Tracked(
                instance.role(), instance.role(), instance.process().pid());
    }

    /** Every JVM of the variant, standing by or not, for the CPU account of a step. */
    synchronized List<MachineCpu.Tracked> processes() {
        List<MachineCpu.Tracked> processes = new ArrayList<>(entryProcesses());
        standby.forEach(waiting -> processes.add(entryProcess(waiting.instance())));
        chain.forEach(running -> processes.add(new MachineCpu.Tracked(
                "chain", running.role(), running.process().pid())));
        return processes;
    }

    /** The sizing of every service of the chain, under its name ({@code orders.hikariMaximumPoolSize}). */
    Map<String, Object> chainSizing() throws IOException {
        Map<String, Object> sizing = new LinkedHashMap<>();
        for (Running running : chain) {
            running.probe().readNow().sizing().forEach((key, value) -> sizing.put(running.role() + "." + key, value));
        }
        return sizing;
    }

    @Override
    public synchronized void close() {
        closed = true;
        List<Running> all = new ArrayList<>(entries);
        standby.forEach(waiting -> all.add(waiting.instance()));
        all.addAll(chain.reversed());
        all.forEach(RunningVariant::stop);
    }

    private static void stop(Running running) {
        try {
            running.probe().close();
        } catch (IOException ignored) {
            // the process is stopped next regardless
        } finally {
            running.process().close();
        }
    }
}
