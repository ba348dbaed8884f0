package org.concurrencylab.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.catalog.RunSettings;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.cli.option.Choices;
import org.concurrencylab.cli.option.CpusOption;
import org.concurrencylab.cli.option.ScaleOption;
import org.concurrencylab.driver.RequestTemplate;
import org.concurrencylab.runner.LabRunner;
import org.concurrencylab.runner.environment.RunProgress;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.concurrencylab.runner.process.ServiceCommand;
import org.concurrencylab.runner.process.ServiceProcess;
import org.concurrencylab.runner.process.ServiceStartException;
import org.concurrencylab.runner.study.ApplicationProcess;
import org.concurrencylab.study.Study;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "serve",
        description = {
            "Start one variant on 127.0.0.1 and keep it up until Ctrl-C, for siege, wrk, Gatling or JMeter.",
            "Its time scale is 1 unless --scale says otherwise: your tool brings the article's own users, rates and timeouts.",
            "Or start your own application's jar with the lab's agent, for your own load tool: ./lab serve app.jar [--path /orders/1]."
        })
final class ServeCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(
            index = "0",
            paramLabel = "EXPERIMENT",
            description = "An experiment (see ./lab list), or an application jar.")
    private String experimentName;

    @Parameters(
            index = "1",
            arity = "0..1",
            paramLabel = "VARIANT",
            description = "One of its variants (see ./lab list); none for a jar.")
    private String variantName;

    @Option(
            names = "--path",
            paramLabel = "PATH",
            description = "With an application jar: a page it answers once it has started, e.g. /orders/1. Default: /.")
    private String path;

    @Option(
            names = "--port",
            paramLabel = "N",
            defaultValue = "8080",
            description = "Port on 127.0.0.1. Default: ${DEFAULT-VALUE}.")
    private int port;

    /** Here S = 1 unless asked: see {@link #ARTICLE_TIME}. */
    @Mixin
    private ScaleOption scale;

    @Mixin
    private CpusOption cpus;

    /**
     * A served variant is loaded by the user's own tool, with the article's own users, rates and timeouts:
     * at S = 1 those apply as the article states them. A run's default scale compresses the article's
     * time because the lab drives every step itself, and would make the same tool see the article's
     * figures shortened.
     */
    static final double ARTICLE_TIME = 1.0;

    @Option(
            names = "--bind",
            paramLabel = "ADDRESS",
            defaultValue = ServiceCommand.LOOPBACK,
            description =
                    "Where the served service listens: ${DEFAULT-VALUE} (default), or 0.0.0.0 or :: for every interface, "
                            + "to scrape or load it from another host. Everything else the lab starts stays on 127.0.0.1.")
    private String bind;

    @Override
    public Integer call() throws Exception {
        if (experimentName.endsWith(".jar")) {
            return serveApplication();
        }
        if (variantName == null) {
            throw new ParameterException(
                    spec.commandLine(), "serve " + experimentName + " needs one of its variants (see ./lab list)");
        }
        if (path != null) {
            throw new ParameterException(
                    spec.commandLine(), "--path applies to an application jar; an experiment serves its own path");
        }
        Experiment experiment = Choices.experiment(spec.commandLine(), experimentName);
        Variant variant = Choices.variant(spec.commandLine(), experiment, variantName);
        Overrides overrides = cpus.applyTo(
                Overrides.none().withScale(scale.value(spec.commandLine()).orElse(ARTICLE_TIME)), spec.commandLine());
        checkBind();
        checkPortFree();
        RunSettings settings =
                overrides.resolve(experiment, Runtime.getRuntime().availableProcessors());
        // one log per variant under the lab's results, replaced by the next serve of it: nothing piles up in /tmp
        LabHome home = LabHome.locate();
        Path log = Files.createDirectories(home.root().resolve("results").resolve("serve"))
                .resolve(experiment.name() + "-" + variant.name() + ".log");
        RunProgress progress = new RunProgress() {
            @Override
            public void note(String message) {
                System.out.println("  " + message);
            }
        };
        System.out.printf(
                "Starting %s / %s with %d CPUs, D = %.0f ms ...%n",
                experiment.name(),
                variant.name(),
                settings.cpusFor(variant),
                settings.scaled().of(experiment.downstreamLatency()).toNanos() / 1e6);
        StoppedLine stopped = new StoppedLine(experiment.name() + " / " + variant.name());
        LabRunner.Served started;
        try {
            started = new LabRunner(home, JavaRuntime.current(), progress)
                    .serve(experiment, variant, port, settings, log, bind);
        } catch (ServiceStartException e) {
            stopped.endedByItself();
            // another process may have taken the port between the check and the start
            throw new ParameterException(
                    spec.commandLine(),
                    "could not start " + variant.name() + ": " + e.getMessage() + " (log: " + log + ")");
        }
        int called = started.calls().size();
        stopped.rename(experiment.name() + " / " + variant.name()
                + (called == 0
                        ? ""
                        : called == 1 ? " and the service it calls" : " and the " + called + " services it calls"));
        try (LabRunner.Served served = started) {
            ServiceProcess service = served.service();
            URI target = service.uri(experiment.path());
            System.out.printf(
                    "Serving %s%n  probe:      %s%n  prometheus: %s%n  log:        %s%n",
                    target, service.uri("/actuator/labprobe"), service.uri("/actuator/prometheus"), log);
            served.calls()
                    .forEach(call -> System.out.printf("  calls the %s, started for it and stopped with it%n", call));
            System.out.printf("Try: siege -b -c 10 -r 10 %s%nCtrl-C stops it.%n", target);
            return stopped.waitFor(service::waitFor, "service", log);
        }
    }

    /** The user's own application with the agent, for the user's own load tool, until Ctrl-C. */
    private int serveApplication() throws Exception {
        Choices.refuseAny(
                spec.commandLine(),
                List.of("--scale", "--cpus"),
                " applies to an experiment, not to an application jar");
        if (variantName != null) {
            throw new ParameterException(
                    spec.commandLine(), "an application jar has no variants; give its properties in a study file");
        }
        Study study = Choices.study(
                spec.commandLine(),
                experimentName,
                path,
                RequestTemplate.ofDefaults(),
                null,
                false,
                UnaryOperator.identity());
        checkBind();
        checkPortFree();
        LabHome home = LabHome.locate();
        Path log = Files.createDirectories(home.root().resolve("results").resolve("serve"))
                .resolve(study.name() + ".log");
        System.out.printf("Starting %s with the lab's agent ...%n", study.jar().getFileName());
        StoppedLine stopped = new StoppedLine(study.jar().getFileName().toString());
        ApplicationProcess started;
        try {
            started = ApplicationProcess.serve(
                    home, JavaRuntime.current(), study.jar(), study.path(), study.jvmOptions(), port, bind, log);
        } catch (ServiceStartException e) {
            stopped.endedByItself();
            throw new ParameterException(
                    spec.commandLine(),
                    "could not start " + study.jar().getFileName() + ": " + e.getMessage() + " (log: " + log + ")");
        }
        try (ApplicationProcess app = started) {
            URI target = app.uri(study.path());
            System.out.printf(
                    "Serving %s (ready: %s)%n  probe: %s/labprobe?since=<epoch ms>%n  log:   %s%n",
                    target, app.readiness(), app.probe(), log);
            System.out.printf("Try: siege -b -c 10 -r 10 %s%nCtrl-C stops it.%n", target);
            return stopped.waitFor(app::waitFor, "application", log);
        }
    }

    /** Beyond loopback only when asked, and then said loudly: the services have no authentication at all. */
    private void checkBind() {
        if (bind.equals(ServiceCommand.LOOPBACK)) {
            return;
        }
        if (!ServiceCommand.EVERY_INTERFACE.contains(bind)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--bind takes " + ServiceCommand.LOOPBACK + " (the default), or "
                            + String.join(" or ", ServiceCommand.EVERY_INTERFACE) + " for every interface, not "
                            + bind);
        }
        System.err.println("lab: WARNING: --bind " + bind + ": the service listens on every interface of this machine, "
                + "reachable from other hosts, with no authentication (its actuator shows health, info, prometheus and "
                + "labprobe); what it calls and the lab's own servers stay on 127.0.0.1");
    }

    private void checkPortFree() {
        if (port < 1 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port must be between 1 and 65535, not " + port);
        }
        try (ServerSocket probe = new ServerSocket(
                port, 1, bind.equals(ServiceCommand.LOOPBACK) ? InetAddress.getLoopbackAddress() : null)) {
            probe.setReuseAddress(true);
        } catch (IOException e) {
            throw new ParameterException(
                    spec.commandLine(), "port " + port + " on 127.0.0.1 is in use; choose another with --port");
        }
    }

    /**
     * The one line that says what ended a served process: Ctrl-C or SIGTERM (the lab's own hook stops every
     * process; this one says so, registered before the start, since a hook added once a signal has begun the
     * JVM's shutdown would throw), or the process itself, with its exit code.
     */
    private static final class StoppedLine {

        interface Waiting {
            int waitFor() throws InterruptedException;
        }

        private final AtomicBoolean endedByItself = new AtomicBoolean();
        private final AtomicReference<String> what;

        StoppedLine(String what) {
            this.what = new AtomicReference<>(what);
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(
                            () -> {
                                if (!endedByItself.get()) {
                                    System.err.println("lab: stopping " + this.what.get());
                                }
                            },
                            "lab-serve-stopped-line"));
        }

        void rename(String what) {
            this.what.set(what);
        }

        void endedByItself() {
            endedByItself.set(true);
        }

        /** @return the command's exit code: 0 when the lab stopped the process, 1 when it ended by itself */
        int waitFor(Waiting process, String kind, Path log) throws InterruptedException {
            int exit = process.waitFor();
            if (ServiceProcess.stoppedByTheLab()) {
                return 0;
            }
            endedByItself();
            System.err.println("lab: the " + kind + " ended by itself with code " + exit + "; see " + log);
            return 1;
        }
    }
}
