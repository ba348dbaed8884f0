package org.concurrencylab.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Knob;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.catalog.SweepClaim;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.cli.option.Choices;
import org.concurrencylab.cli.option.CpusOption;
import org.concurrencylab.cli.option.ForksOption;
import org.concurrencylab.cli.option.OutOption;
import org.concurrencylab.cli.option.RequestOptions;
import org.concurrencylab.cli.option.ScaleOption;
import org.concurrencylab.cli.terminal.TerminalProgress;
import org.concurrencylab.runner.LabRunner;
import org.concurrencylab.runner.RunOptions;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.concurrencylab.runner.sweep.SweepRunner;
import org.concurrencylab.study.Study;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "sweep",
        description = {
            "Vary one knob over one variant: a point per value, each run as ./lab run runs a step (own JVM, warm-up, probe, "
                    + "this machine's CPU accounted), then throughput against the knob fitted with the Universal Scalability Law "
                    + "and with Little's law's two bounds; the knee, the peak, and how well the fit predicts the highest points "
                    + "it was not given (the holdout error).",
            "Exit code 0 when every point ran, 1 when one failed, 2 on bad input."
        })
final class SweepCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(
            paramLabel = "TARGET",
            description = "An experiment (see ./lab list), an application jar, or a study file (.yaml).")
    private String target;

    @Option(
            names = "--knob",
            paramLabel = "NAME=VALUES",
            description = "What to vary and its values (without it, an experiment's own declared sweeps run, each with "
                    + "the knee its physics gives decided as a claim; see ./lab list): users (a closed load's users), rate (an open load's arrivals per second), "
                    + Knob.REQUEST_TIMEOUT_MS
                    + " (an experiment's: how long the client, the articles' gateway, waits for an answer) "
                    + "or a Spring property of the variant (server.tomcat.threads.max, a pool's size); values a,b,c or a..b "
                    + "(" + Defaults.SWEEP_STEPS + " evenly spread) or a..b:steps, whole numbers, rising.")
    private String knob;

    @Option(
            names = "--variant",
            paramLabel = "NAME",
            description = "The variant to vary. Required for an experiment; a study's first variant by default.")
    private String variant;

    @Option(
            names = "--load",
            paramLabel = "LABEL",
            description =
                    "An experiment's load (see ./lab list) that every point runs, or whose users or rate the knob replaces. "
                            + "Default: its last, heaviest load.")
    private String load;

    @Option(
            names = "--users",
            paramLabel = "N",
            description = "With an application: the users every point holds when the knob is a property. Default: "
                    + Defaults.SWEEP_USERS + ".")
    private Integer users;

    @Mixin
    private ForksOption forks;

    @Option(
            names = "--path",
            paramLabel = "PATH",
            description = "With an application jar: the page the load asks for. Default: /.")
    private String path;

    @Mixin
    private RequestOptions request;

    @Option(
            names = "--connections",
            paramLabel = "HOW",
            description =
                    "new-per-request or keep-alive. Default: the experiment's article's client; keep-alive for an application.")
    private String connections;

    @Option(
            names = "--fail-on",
            split = ",",
            paramLabel = "VERDICT",
            description =
                    "With an experiment's declared sweeps: exit with code 3 when a knee's claim ends with one of these "
                            + "verdicts (not-reproduced, not-decided, not-applicable), as ./lab run --fail-on.")
    private List<String> failOn = List.of();

    @Mixin
    private ScaleOption scale;

    @Mixin
    private CpusOption cpus;

    @Mixin
    private OutOption out;

    @Override
    public Integer call() throws Exception {
        boolean application = target.endsWith(".jar") || Choices.isStudyFile(target);
        if (knob == null) {
            if (application) {
                throw new ParameterException(
                        spec.commandLine(), "name what to vary with --knob, as in --knob users=1..64:7");
            }
            return sweepDeclared();
        }
        Knob swept;
        try {
            swept = Knob.parse(knob);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        return application ? sweepApplication(swept) : sweepExperiment(swept);
    }

    /** The experiment's own sweeps, one run each, their knees decided as claims. */
    private int sweepDeclared() throws Exception {
        Experiment experiment = Choices.experiment(spec.commandLine(), target);
        Choices.refuseAny(
                spec.commandLine(),
                RequestOptions.and("--variant", "--load", "--users", "--path"),
                " goes with --knob: a declared sweep names its own");
        Choices.refuseAny(spec.commandLine(), List.of("--forks"), " applies to an application, not to an experiment");
        if (experiment.sweeps().isEmpty()) {
            throw new ParameterException(
                    spec.commandLine(), experiment.name() + " declares no sweep; name one with --variant and --knob");
        }
        List<String> failingVerdicts = Choices.verdicts(spec.commandLine(), failOn);
        LabHome home = LabHome.locate();
        RunOptions options = options(home);
        int exit = 0;
        for (SweepClaim declared : experiment.sweeps()) {
            exit = Math.max(
                    exit,
                    report(
                            home,
                            "sweep " + declared.id() + ": " + declared.knob() + " on " + declared.variant(),
                            runner -> runner.sweep(experiment, declared, options),
                            failingVerdicts));
        }
        return exit;
    }

    private int sweepApplication(Knob swept) throws Exception {
        rejectForApplications();
        if (swept.isRequestTimeout()) {
            throw new ParameterException(
                    spec.commandLine(),
                    "an application's sweep varies users, rate or one of its properties; "
                            + "its request timeout is a study file's request-timeout-seconds");
        }
        Study study;
        if (Choices.isStudyFile(target)) {
            Choices.refuseAny(
                    spec.commandLine(), RequestOptions.NAMES, " is the study file's to say, not the command line's");
            study = Choices.studyFile(spec.commandLine(), target);
        } else {
            study = Choices.study(
                    spec.commandLine(),
                    target,
                    path,
                    request.template(spec.commandLine()),
                    connections,
                    false,
                    UnaryOperator.identity());
        }
        study = forks.applyTo(study, spec.commandLine());
        String chosen = variant == null ? study.variants().keySet().iterator().next() : variant;
        if (!study.variants().containsKey(chosen)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "the study declares no variant '" + chosen + "'; it declares "
                            + String.join(", ", study.variants().keySet()));
        }
        int held = users == null ? Defaults.SWEEP_USERS : users;
        if (held < 1) {
            throw new ParameterException(spec.commandLine(), "--users is at least 1");
        }
        LabHome home = LabHome.locate();
        Path outDir = out.directory(spec.commandLine(), home.root().resolve("results"));
        Study sweptStudy = study;
        return report(home, null, runner -> runner.sweep(sweptStudy, chosen, swept, held, outDir), List.of());
    }

    private int sweepExperiment(Knob swept) throws Exception {
        Experiment experiment = Choices.experiment(spec.commandLine(), target);
        Choices.refuseAny(spec.commandLine(), List.of("--forks"), " applies to an application, not to an experiment");
        if (variant == null) {
            throw new ParameterException(
                    spec.commandLine(),
                    "name the variant to vary with --variant; " + experiment.name() + " has "
                            + String.join(", ", experiment.variantNames()));
        }
        if (users != null
                || path != null
                || RequestOptions.NAMES.stream().anyMatch(spec.commandLine().getParseResult()::hasMatchedOption)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--users, --path and the request's options apply to an application; "
                            + "an experiment's load is chosen with --load");
        }
        Variant chosen = Choices.variant(spec.commandLine(), experiment, variant);
        LoadStep step =
                load == null ? experiment.steps().getLast() : Choices.load(spec.commandLine(), experiment, load);
        try {
            SweepRunner.declare(experiment, chosen, step, swept);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        LabHome home = LabHome.locate();
        RunOptions options = options(home);
        return report(home, null, runner -> runner.sweep(experiment, chosen, step, swept, options), List.of());
    }

    /** The run's options an experiment's sweep takes from the command line: --scale, --cpus, --connections, --out. */
    private RunOptions options(LabHome home) {
        Overrides overrides = cpus.applyTo(scale.applyTo(Overrides.none(), spec.commandLine()), spec.commandLine());
        overrides = Choices.connections(spec.commandLine(), connections)
                .map(overrides::withConnections)
                .orElse(overrides);
        return new RunOptions(
                overrides,
                List.of(),
                out.directory(spec.commandLine(), home.root().resolve("results")));
    }

    private interface Sweep {
        LabRunner.CompletedRun run(SweepRunner runner) throws Exception;
    }

    /** Runs one sweep with live progress in the terminal, then prints and writes its reports as ./lab run does. */
    private static int report(LabHome home, String heading, Sweep sweep, List<String> failingVerdicts)
            throws Exception {
        TerminalProgress progress = new TerminalProgress().sayingWhatStopped();
        if (heading != null) {
            progress.note(heading);
        }
        LabRunner.CompletedRun run;
        try {
            run = sweep.run(new SweepRunner(home, JavaRuntime.current(), progress));
        } finally {
            progress.finished();
        }
        return RunCommand.report(run, failingVerdicts);
    }

    private void rejectForApplications() {
        Choices.refuseAny(
                spec.commandLine(),
                List.of("--load", "--scale", "--cpus"),
                " applies to an experiment, not to an application");
    }
}
