package org.concurrencylab.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.concurrencylab.catalog.Experiment;

/**
 * What every variant of one experiment's run shares, started once before them and stopped after
 * them: its downstream simulator and its database, each if it has one. When one cannot start, every
 * variant is reported failed with that reason rather than measured against nothing.
 */
final class SharedComponents implements AutoCloseable {

    private final Optional<DownstreamService> downstream;
    private final Optional<DatabaseService> database;
    private final Optional<String> failure;

    private SharedComponents(Optional<DownstreamService> downstream, Optional<DatabaseService> database,
                             Optional<String> failure) {
        this.downstream = downstream;
        this.database = database;
        this.failure = failure;
    }

    /** @param logs the directory their logs go to, one per module */
    static SharedComponents start(Experiment experiment, RunEnvironment environment, Path logs) throws InterruptedException {
        Optional<DatabaseService> database = Optional.empty();
        if (experiment.database().isPresent()) {
            String module = experiment.database().get().module();
            environment.progress().note("starting " + module);
            try {
                database = Optional.of(DatabaseService.start(environment, experiment, logs.resolve(module + ".log")));
            } catch (ServiceStartException | IOException | RuntimeException e) {
                return new SharedComponents(Optional.empty(), Optional.empty(),
                        Optional.of("its database " + module + " did not start: " + e.getMessage()));
            }
        }
        if (experiment.downstream().isEmpty()) {
            return new SharedComponents(Optional.empty(), database, Optional.empty());
        }
        String module = experiment.downstream().get().service();
        environment.progress().note("starting and warming up " + module);
        try {
            DownstreamService service = DownstreamService.start(environment, experiment, logs.resolve(module + ".log"));
            return new SharedComponents(Optional.of(service), database, Optional.empty());
        } catch (ServiceStartException | IOException | RuntimeException e) {
            database.ifPresent(SharedComponents::closeQuietly);
            return new SharedComponents(Optional.empty(), Optional.empty(),
                    Optional.of("its downstream " + module + " did not start: " + e.getMessage()));
        }
    }

    Optional<DownstreamService> downstream() {
        return downstream;
    }

    Optional<DatabaseService> database() {
        return database;
    }

    Optional<String> failure() {
        return failure;
    }

    /** Their processes, for the CPU account of every step. */
    List<MachineCpu.Tracked> processes() {
        List<MachineCpu.Tracked> processes = new ArrayList<>();
        downstream.ifPresent(simulator -> processes.add(new MachineCpu.Tracked("downstream", "downstream", simulator.pid())));
        database.ifPresent(running -> processes.addAll(running.processes()));
        return processes;
    }

    @Override
    public void close() {
        downstream.ifPresent(SharedComponents::closeQuietly);
        database.ifPresent(SharedComponents::closeQuietly);
    }

    private static void closeQuietly(AutoCloseable component) {
        try {
            component.close();
        } catch (Exception ignored) {
            // the process is stopped regardless; only a client of it failed to close
        }
    }
}
