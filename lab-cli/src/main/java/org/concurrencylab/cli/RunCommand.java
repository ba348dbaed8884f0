package org.concurrencylab.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Overrides;
import org.concurrencylab.cli.option.AgentKeyOption;
import org.concurrencylab.cli.option.Choices;
import org.concurrencylab.cli.option.CpusOption;
import org.concurrencylab.cli.option.ForksOption;
import org.concurrencylab.cli.option.LoadHosts;
import org.concurrencylab.cli.option.OutOption;
import org.concurrencylab.cli.option.RequestOptions;
import org.concurrencylab.cli.option.ScaleOption;
import org.concurrencylab.cli.terminal.StandardOutput;
import org.concurrencylab.cli.terminal.TerminalProgress;
import org.concurrencylab.report.ReportFiles;
import org.concurrencylab.report.TerminalReport;
import org.concurrencylab.report.section.TimeBudgetLine;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.capacity.CapacityTarget;
import org.concurrencylab.runner.LabRunner;
import org.concurrencylab.runner.RunOptions;
import org.concurrencylab.runner.process.JavaRuntime;
import org.concurrencylab.runner.process.LabHome;
import org.concurrencylab.runner.study.StudyRunner;
import org.concurrencylab.study.Study;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "run",
        description = {
            "Run experiments: every variant in its own JVM, the article's load, then a table per load step "
                    + "and the article's claims checked.",
            "Exit code 0 when every variant ran, 1 when a variant failed, 2 on bad input, 3 when a claim's verdict is "
                    + "one that --fail-on names (by default the claims never change the exit code)."
        })
final class RunCommand implements Callable<Integer> {

    /** The exit code when a claim ends with a verdict named by --fail-on. */
    static final int CLAIM_FAILED = 3;

    @Spec
    private CommandSpec spec;

    @Parameters(
            arity = "1..*",
            paramLabel = "EXPERIMENT",
            description = "Experiment names (see ./lab list), or all; or a study of your own service: its jar (a path "
                    + "ending in .jar, see --path) or a study file (.yaml, see README \"Your own service\").")
    private List<String> experiments;

    @Option(
            names = "--path",
            paramLabel = "PATH",
            description = "With an application jar: the page the load asks for, e.g. /orders/1. Default: /.")
    private String path;

    @Mixin
    private RequestOptions request;

    @Option(
            names = "--users",
            split = ",",
            paramLabel = "N",
            description = "With an application jar: each step's users, rising (comma-separated). Default: "
                    + "1,2,4,8,16,32,64,128, stopping at the first step where a pool holds the load back, errors "
                    + "appear or the CPU runs out, within 5 minutes. At most " + Defaults.MAX_USERS
                    + " (a thread each).")
    private List<Integer> users;

    @Option(
            names = "--rates",
            split = ",",
            paramLabel = "R",
            description =
                    "With an application jar: open steps in place of --users, each step's arrivals a second, rising "
                            + "(comma-separated): they arrive on schedule whatever the answers, as Gatling's constant rate. A step "
                            + "schedules at most " + Defaults.MAX_REQUESTS_PER_STEP
                            + " requests (rate x its seconds), each kept in memory.")
    private List<Integer> rates;

    @Option(
            names = "--think",
            paramLabel = "SECONDS",
            description =
                    "With an application jar and --users: how long each user waits after an answer before its next "
                            + "request. Default: 0, as siege -b.")
    private Double think;

    @Option(
            names = "--agent-cost",
            description =
                    "With an application jar: also measure what the lab's agent costs it: the heaviest step where "
                            + "nothing held the load back, again with the agent and then in a fresh JVM without it.")
    private boolean agentCost;

    @Option(
            names = "--target",
            paramLabel = "cpus=N[,rate=R]",
            description = "With an application jar: the machine to project its capacity model onto, as cpus=8 or "
                    + "cpus=8,rate=2000 (cores as fast as this machine's; R requests a second to serve): what it "
                    + "would reach there, which resource would stop it, and the size each pool needs for R.")
    private String target;

    @Option(
            names = "--database",
            paramLabel = "postgresql",
            description = "With an application jar: start an empty PostgreSQL of the lab's own for it and give it "
                    + "spring.datasource.url, username and (in its environment) password; its own schema tooling "
                    + "fills it. Stopped with the study.")
    private String database;

    @Option(
            names = "--check-projection",
            description = "With an application jar: first test the capacity model on this machine: the application "
                    + "held to half its cores (an affinity mask, Linux), the lab's driver on the rest; the model "
                    + "carried onto every core, the study run there, and the prediction's error reported.")
    private boolean checkProjection;

    @Option(
            names = "--jvm-option",
            paramLabel = "OPTION",
            description = "With an application jar: an option its JVM starts with, before -jar; repeat for more, "
                    + "each with '=': --jvm-option=-Xmx2g --jvm-option=-XX:+UseZGC.")
    private List<String> jvmOptions = List.of();

    @Mixin
    private ForksOption forks;

    @Option(
            names = "--no-verify",
            description = "With an application jar: where a pool held the load back, do not run the second variant "
                    + "at the size the capacity model asks for (it runs unless said).")
    private boolean noVerify;

    @Option(
            names = "--variant",
            split = ",",
            paramLabel = "NAME",
            description = "Run only these variants (comma-separated).")
    private List<String> variants = List.of();

    @Mixin
    private ScaleOption scale;

    @Mixin
    private CpusOption cpus;

    @Option(
            names = "--warm-up",
            paramLabel = "N",
            description =
                    "The longest warm-up per variant, in multiples of D, before anything is measured; it ends sooner "
                            + "once the services are steady. Default: each experiment's own (see ./lab list). Longer "
                            + "lets a warm-up that reached it finish: steadier figures, a longer run.")
    private Integer warmUp;

    @Option(
            names = "--connections",
            paramLabel = "HOW",
            description = "How the load's users hold connections: new-per-request (siege's and Gatling's default) or "
                    + "keep-alive (one per user, as JMeter). Default: the article's client (see ./lab list).")
    private String connections;

    @Option(
            names = "--jit",
            paramLabel = "POLICY",
            description = "How the service JVMs compile: c1 (quick to warm, quiet after) or full (C1 and C2). "
                    + "Default: each experiment's own (see ./lab list).")
    private String jit;

    @Option(
            names = "--fail-on",
            split = ",",
            paramLabel = "VERDICT",
            description =
                    "Exit with code 3 when any claim ends with one of these verdicts: not-reproduced, not-decided, "
                            + "not-applicable (comma-separated), for a CI that guards the claims. verdicts.xml (JUnit XML) is "
                            + "written beside results.json either way.")
    private List<String> failOn = List.of();

    @Option(
            names = "--load-from",
            split = ",",
            paramLabel = "HOST[:PORT]",
            description =
                    "Drive each measured step from these hosts, each running ./lab agent (JMeter's remote engine, "
                            + "port 1099 unless given), the step's users split over them; the services still run here, watched "
                            + "by the probe; an open step is each agent's even share of the arrivals. See README \"Load from several hosts\".")
    private List<String> loadFrom = List.of();

    @Option(
            names = "--reachable-at",
            paramLabel = "ADDRESS",
            description =
                    "With --load-from: the address the load hosts reach this host at (where they send their requests "
                            + "and their samples). Default: 127.0.0.1, for agents on this host; required for any other.")
    private String reachableAt;

    /** With --load-from: the key the agents share, or RMI in clear on loopback. */
    @Mixin
    private AgentKeyOption agentKey;

    /** results/&lt;run&gt; goes in it. */
    @Mixin
    private OutOption out;

    /** Options that only an experiment has: a study of an application declares none of these. */
    private static final List<String> EXPERIMENT_ONLY = List.of(
            "--variant",
            "--scale",
            "--cpus",
            "--warm-up",
            "--jit",
            "--load-from",
            "--reachable-at",
            "--key",
            "--plain-rmi");
    /** What only a study of an application takes: its request, its steps, its model's target and checks. */
    private static final List<String> STUDY_ONLY = RequestOptions.and(
            "--path",
            "--users",
            "--rates",
            "--think",
            "--agent-cost",
            "--target",
            "--no-verify",
            "--database",
            "--check-projection",
            "--jvm-option",
            "--forks");
    /**
     * What a study file declares itself: given on the command line too, which would win would be a guess. Its forks
     * are the exception, as JMH's command line overrides a benchmark's own: how many JVMs measure a study is the
     * run's choice, not the study's.
     */
    private static final List<String> IN_A_STUDY_FILE = Stream.concat(
                    STUDY_ONLY.stream().filter(option -> !option.equals("--forks")), Stream.of("--connections"))
            .toList();

    @Override
    public Integer call() throws Exception {
        if (experiments.size() == 1
                && (experiments.getFirst().endsWith(".jar") || Choices.isStudyFile(experiments.getFirst()))) {
            return runStudy();
        }
        Choices.refuseAny(
                spec.commandLine(), STUDY_ONLY, " applies to a study of an application jar, not to an experiment");
        List<Experiment> chosen = Choices.experiments(spec.commandLine(), experiments);
        Choices.variantsGiven(spec.commandLine(), variants);
        List<String> failingVerdicts = Choices.verdicts(spec.commandLine(), failOn);
        Choices.checkVariants(spec.commandLine(), chosen, variants);
        Overrides overrides = cpus.applyTo(scale.applyTo(Overrides.none(), spec.commandLine()), spec.commandLine());
        Choices.warmUp(spec.commandLine(), warmUp);
        if (warmUp != null) {
            overrides = overrides.withWarmUpInD(warmUp);
        }
        overrides = Choices.connections(spec.commandLine(), connections)
                .map(overrides::withConnections)
                .orElse(overrides);
        overrides = Choices.jit(spec.commandLine(), jit).map(overrides::withJit).orElse(overrides);
        LabHome home = LabHome.locate();
        RunOptions options = new RunOptions(
                overrides,
                variants,
                out.directory(spec.commandLine(), home.root().resolve("results")));
        TerminalProgress progress = new TerminalProgress();
        options = LoadHosts.remoteLoad(spec.commandLine(), loadFrom, reachableAt, agentKey, home, progress::note)
                .map(options::withRemoteLoad)
                .orElse(options);
        progress.sayingWhatStopped();
        LabRunner.CompletedRun run;
        try {
            run = new LabRunner(home, JavaRuntime.current(), progress).run(chosen, options);
        } finally {
            // a run that ended in an error says so in one line of its own (see Lab); no second line on the way out
            progress.finished();
        }
        return report(run, failingVerdicts);
    }

    /** The steps --users, --rates and --think give, and --target and --no-verify; Study says what contradicts what. */
    private Study.Builder steps(Study.Builder study) {
        if (target != null) {
            study.target(CapacityTarget.parse(target));
        }
        study.verify(!noVerify);
        study.checkProjection(checkProjection);
        forks.applyTo(study);
        jvmOptions.forEach(study::jvmOption);
        if (database != null) {
            study.database(database);
        }
        if (users != null) {
            study.users(users);
        }
        if (rates != null) {
            study.rates(rates);
        }
        if (think != null) {
            if (!(think >= 0) || think > Defaults.STUDY_BUDGET.toSeconds()) {
                throw new IllegalArgumentException("--think is a time in seconds, 0 or more, not " + think);
            }
            study.thinkTime(Duration.ofMillis(Math.round(1000 * think)));
        }
        return study;
    }

    private int runStudy() throws Exception {
        Choices.refuseAny(
                spec.commandLine(), EXPERIMENT_ONLY, " applies to an experiment, not to a study of an application jar");
        List<String> failingVerdicts = Choices.verdicts(spec.commandLine(), failOn);
        Study study;
        if (Choices.isStudyFile(experiments.getFirst())) {
            Choices.refuseAny(
                    spec.commandLine(), IN_A_STUDY_FILE, " is the study file's to say, not the command line's");
            study = Choices.studyFile(spec.commandLine(), experiments.getFirst());
            study = forks.applyTo(study, spec.commandLine());
        } else {
            study = Choices.study(
                    spec.commandLine(),
                    experiments.getFirst(),
                    path,
                    request.template(spec.commandLine()),
                    connections,
                    agentCost,
                    this::steps);
        }
        LabHome home = LabHome.locate();
        Path outDir = out.directory(spec.commandLine(), home.root().resolve("results"));
        TerminalProgress progress = new TerminalProgress().sayingWhatStopped();
        LabRunner.CompletedRun run;
        try {
            run = new StudyRunner(home, JavaRuntime.current(), progress).run(study, outDir);
        } catch (StudyRunner.NotStarted e) {
            System.err.println("lab: " + e.getMessage());
            return 1;
        } finally {
            progress.finished();
        }
        return report(run, failingVerdicts);
    }

    static int report(LabRunner.CompletedRun run, List<String> failingVerdicts) throws IOException {
        System.out.println();
        System.out.print(TerminalReport.render(run.result(), StandardOutput.textWidth()));
        System.out.println();
        long reportsStart = System.nanoTime();
        ReportFiles.Written reports = ReportFiles.write(run.result(), run.directory());
        Duration reportsTook = Duration.ofNanos(System.nanoTime() - reportsStart);
        System.out.println("Results: " + run.directory().resolve(ResultsJson.FILE_NAME));
        System.out.println("Reports: " + reports.html() + " (open it in a browser), " + reports.markdown()
                + ", verdicts " + reports.verdicts());
        TimeBudgetLine.of(run.result(), reportsTook).ifPresent(System.out::println);
        return exitCode(run.result(), failingVerdicts);
    }

    /** 1 when a variant failed, else 3 when a claim ended with a verdict the user asked to fail on, else 0. */
    static int exitCode(RunResult run, List<String> failingVerdicts) {
        boolean anyFailed = run.experiments().stream()
                .flatMap(experiment -> experiment.variants().stream())
                .anyMatch(variant -> !variant.ok());
        if (anyFailed) {
            return 1;
        }
        boolean failingClaim = run.experiments().stream()
                .flatMap(experiment -> experiment.claims().stream())
                .anyMatch(claim -> failingVerdicts.contains(claim.status()));
        return failingClaim ? CLAIM_FAILED : 0;
    }
}
