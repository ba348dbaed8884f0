package org.concurrencylab.runner.component;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.concurrencylab.catalog.Database;
import org.concurrencylab.catalog.Downstream;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.SharedComponent;
import org.concurrencylab.runner.environment.RunEnvironment;
import org.concurrencylab.runner.machine.MachineCpu;
import org.concurrencylab.runner.process.ServiceStartException;

/**
 * What every variant of one experiment's run shares ({@link Experiment#sharedComponents()}), started
 * once before them in the declared order and stopped after them in the reverse one. When one cannot
 * start, those already started are stopped and every variant is reported failed with that reason
 * rather than measured against nothing.
 */
public final class SharedComponents implements AutoCloseable {

    private final List<StartedComponent> started;
    private final Optional<String> failure;

    private SharedComponents(List<StartedComponent> started, Optional<String> failure) {
        this.started = List.copyOf(started);
        this.failure = failure;
    }

    /** @param logs the directory their logs go to, one per module */
    public static SharedComponents start(Experiment experiment, RunEnvironment environment, Path logs)
            throws InterruptedException {
        List<StartedComponent> started = new ArrayList<>();
        for (SharedComponent component : experiment.sharedComponents()) {
            Path log = logs.resolve(component.module() + ".log");
            try {
                started.add(
                        switch (component) {
                            case Database database -> {
                                environment.progress().note("starting " + database.module());
                                yield DatabaseService.start(environment, experiment, database, log);
                            }
                            case Downstream downstream -> {
                                environment.progress().note("starting and warming up " + downstream.module());
                                yield DownstreamService.start(environment, experiment, downstream, log);
                            }
                        });
                environment.shareSecrets(started.getLast().secrets());
            } catch (ServiceStartException | IOException | RuntimeException e) {
                stopInReverse(started);
                return new SharedComponents(
                        List.of(),
                        Optional.of("its " + component.role() + " " + component.module() + " did not start: "
                                + e.getMessage()));
            }
        }
        return new SharedComponents(started, Optional.empty());
    }

    /** The downstream simulator, when the experiment has one: the callee whose holds the steps time. */
    public Optional<DownstreamService> downstream() {
        return first(DownstreamService.class);
    }

    /** The database, when the experiment has one: its sessions are sampled during every step. */
    public Optional<DatabaseService> database() {
        return first(DatabaseService.class);
    }

    private <T extends StartedComponent> Optional<T> first(Class<T> kind) {
        return started.stream().filter(kind::isInstance).map(kind::cast).findFirst();
    }

    public Optional<String> failure() {
        return failure;
    }

    /** The properties that tell a variant's services where each component answers. */
    public Map<String, String> wiring() {
        Map<String, String> wiring = new LinkedHashMap<>();
        started.forEach(component -> wiring.putAll(component.wiring()));
        return wiring;
    }

    /** Each component and where it answers, a line each. */
    public List<String> descriptions() {
        return started.stream().map(StartedComponent::description).toList();
    }

    /** Their processes, for the CPU account of every step. */
    public List<MachineCpu.Tracked> processes() {
        return started.stream()
                .flatMap(component -> component.processes().stream())
                .toList();
    }

    @Override
    public void close() {
        stopInReverse(started);
    }

    private static void stopInReverse(List<StartedComponent> started) {
        for (StartedComponent component : started.reversed()) {
            try {
                component.close();
            } catch (Exception ignored) {
                // the process is stopped regardless; only a client of it failed to close
            }
        }
    }
}
