package org.concurrencylab.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.concurrencylab.catalog.Experiment;

/**
 * The downstream of one experiment's run, if it has one: running, or the reason it could not start
 * (then every variant is reported failed with that reason rather than measured against nothing).
 */
final class StartedDownstream implements AutoCloseable {

    private final Optional<DownstreamService> service;
    private final Optional<String> failure;

    private StartedDownstream(Optional<DownstreamService> service, Optional<String> failure) {
        this.service = service;
        this.failure = failure;
    }

    static StartedDownstream start(Experiment experiment, RunEnvironment environment, Path directory) throws InterruptedException {
        if (experiment.downstream().isEmpty()) {
            return new StartedDownstream(Optional.empty(), Optional.empty());
        }
        String module = experiment.downstream().get().service();
        environment.progress().note("starting and warming up " + module);
        Path log = directory.resolve("logs").resolve(experiment.name()).resolve(module + ".log");
        try {
            DownstreamService service = DownstreamService.start(environment, experiment, log);
            return new StartedDownstream(Optional.of(service), Optional.empty());
        } catch (ServiceStartException | IOException | RuntimeException e) {
            return new StartedDownstream(Optional.empty(), Optional.of("its downstream " + module + " did not start: " + e.getMessage()));
        }
    }

    Optional<DownstreamService> service() {
        return service;
    }

    Optional<String> failure() {
        return failure;
    }

    @Override
    public void close() {
        service.ifPresent(running -> {
            try {
                running.close();
            } catch (IOException ignored) {
                // the process is stopped regardless; only the probe's client failed to close
            }
        });
    }
}
