package org.concurrencylab.report;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.concurrencylab.capacity.BeatenBound;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.report.diagnosis.Diagnosis;
import org.concurrencylab.report.diagnosis.HotFrames;
import org.concurrencylab.report.diagnosis.VariantComparison;
import org.concurrencylab.report.document.Block;
import org.concurrencylab.report.document.ColumnLegend;
import org.concurrencylab.report.document.Figures;
import org.concurrencylab.report.document.ReportDocument;
import org.concurrencylab.report.document.TextTable;
import org.concurrencylab.report.section.CapacityReport;
import org.concurrencylab.report.section.ChartPlan;
import org.concurrencylab.report.section.DatabaseSessions;
import org.concurrencylab.report.section.JitActivity;
import org.concurrencylab.report.section.LittlesLawChecks;
import org.concurrencylab.report.section.MachineBoundSteps;
import org.concurrencylab.report.section.RequestMixTable;
import org.concurrencylab.report.section.StepTables;
import org.concurrencylab.report.section.SweepReport;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.capacity.CapacityCheck;

/** Builds a run's {@link ReportDocument}: what every format of the report says, in its order. */
final class RunReport {

    /** The summary's title for a run of the articles' experiments: their claims, checked. */
    static final String VERDICTS = "Verdicts";
    /** The summary's title for a run of studies of the user's own applications. */
    static final String ANSWER = "The answer";

    private RunReport() {}

    static ReportDocument of(RunResult run) {
        RunInfo info = run.run();
        List<Block> lead = new ArrayList<>();
        boolean noArticle =
                !run.experiments().isEmpty() && run.experiments().stream().noneMatch(ExperimentResult::ofAnArticle);
        lead.add(new Block.Paragraph(
                format(
                        Locale.ROOT,
                        "%sJDK %s, Spring Boot %s, %s, %d CPUs on this machine.",
                        // a time scale is an article's: a study, or an imported load, runs in its own time
                        noArticle ? "" : "Scale S=" + Figures.number(info.scale()) + ", ",
                        info.jdk(),
                        info.springBoot(),
                        info.os(),
                        info.machineCpus()),
                Block.Tone.PLAIN));
        StepTables.partial(run).ifPresent(sentence -> lead.add(new Block.Paragraph(sentence, Block.Tone.ALERT)));
        if (!run.experiments().stream().allMatch(ExperimentResult::ofAnApplication)) {
            lead.add(new Block.Paragraph(
                    "Figures marked \"article\" are the article's own, at its time scale; everything else "
                            + "was measured in this run.",
                    Block.Tone.NOTE));
        }
        List<Block> summary = new ArrayList<>();
        for (int s = 0; s < run.sweeps().size(); s++) {
            summary.addAll(SweepReport.blocks(run.sweeps().get(s), s));
        }
        List<Block> experiments = new ArrayList<>();
        for (int e = 0; e < run.experiments().size(); e++) {
            ExperimentResult experiment = run.experiments().get(e);
            // a sweep's experiment is declared without the article's claims: the curve is its answer, with the knee's
            // claim
            // where the catalog declares the sweep
            if (run.sweeps().isEmpty() || !experiment.claims().isEmpty()) {
                summary.addAll(verdicts(experiment, e, run.run().stoppedIn(experiment)));
            }
            experiments.addAll(experiment(experiment, e, info.machineCpus()));
        }
        boolean studiesOnly = run.experiments().stream().allMatch(ExperimentResult::ofAnApplication);
        return new ReportDocument(
                "Concurrency Lab " + (run.sweeps().isEmpty() ? "run " : "sweep ") + info.id(),
                lead,
                !run.sweeps().isEmpty() ? SweepReport.CURVE : studiesOnly ? ANSWER : VERDICTS,
                summary,
                environment(run),
                experiments);
    }

    /** Per experiment: the count of each verdict, every claim with its evidence and chart, the bottlenecks. */
    static List<Block> verdicts(ExperimentResult experiment, int index, boolean stoppedIn) {
        Map<String, Long> counts = new TreeMap<>();
        experiment.claims().forEach(claim -> counts.merge(claim.status(), 1L, Long::sum));
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Heading(
                3,
                experiment.name(),
                stoppedIn
                        ? "claims not checked: the run stopped before its last variant"
                        : experiment.ofAnApplication()
                                ? "what held the load back, step by step"
                                : counts.isEmpty()
                                        ? "no claims"
                                        : String.join(
                                                ", ",
                                                counts.entrySet().stream()
                                                        .map(entry -> entry.getValue() + " " + entry.getKey())
                                                        .toList()),
                "v-" + experiment.name()));
        List<Block.Verdicts.Line> lines = new ArrayList<>();
        List<ClaimResult> notApplicable = new ArrayList<>();
        for (ClaimResult claim : experiment.claims()) {
            if (NOT_APPLICABLE.equals(claim.status())) {
                notApplicable.add(claim);
                continue;
            }
            String anchor = ChartPlan.anchorOf(claim.chart(), index, experiment).orElse(null);
            lines.add(new Block.Verdicts.Line(
                    claim.status(),
                    claim.text(),
                    claim.evidence(),
                    anchor,
                    anchor == null ? null : chartTitle(claim.chart(), anchor)));
        }
        // a claim this run could not check has nothing to show: its link would name variants that did not run
        if (notApplicable.size() == 1) {
            ClaimResult claim = notApplicable.getFirst();
            lines.add(new Block.Verdicts.Line(claim.status(), claim.text(), claim.evidence(), null, null));
        } else if (notApplicable.size() > 1) {
            lines.add(notApplicable(notApplicable, experiment));
        }
        blocks.add(new Block.Verdicts(lines));
        if (experiment.ofAnApplication()) {
            blocks.addAll(answer(experiment));
        }
        List<Diagnosis.Finding> diagnosis = Diagnosis.of(experiment);
        if (!diagnosis.isEmpty()) {
            boolean counted = experiment.variants().stream()
                    .flatMap(variant -> variant.steps().stream())
                    .anyMatch(step -> !step.service().pools().isEmpty());
            String source = !experiment.ofAnApplication()
                    ? "Where the saturated variants were held back, from stack samples:"
                    : counted
                            ? "From the pools' own counts (JMX, through the lab's agent), Little's law and JFR:"
                            : "From the lab's agent: JFR's events and the threads' stacks:";
            blocks.add(new Block.Paragraph(source, Block.Tone.NOTE));
            blocks.add(new Block.Items(diagnosis.stream()
                    .map(finding -> new Block.Items.Item(finding.variant() + ", " + finding.load(), finding.sentence()))
                    .toList()));
        }
        return blocks;
    }

    private static final String NOT_APPLICABLE = Verdict.Status.NOT_APPLICABLE.label();

    /**
     * A study's answer before its steps' sentences: each variant against the first, what stops each, decided over
     * their forks' intervals, and any bound a step beat beyond them (a bound measured wrong).
     */
    static List<Block> answer(ExperimentResult experiment) {
        List<Block.Items.Item> items = new ArrayList<>();
        VariantComparison.of(experiment, Defaults.CONFIDENCE)
                .forEach(line -> items.add(new Block.Items.Item("", line.sentence())));
        experiment.capacity().stream()
                .filter(model -> model.check() == null
                        || !CapacityCheck.CORES.equals(model.check().property()))
                .forEach(model -> items.add(new Block.Items.Item("", CapacityReport.limitInBrief(model))));
        for (VariantResult variant : experiment.variants()) {
            BeatenBound.of(variant, Defaults.CONFIDENCE)
                    .forEach(beaten -> items.add(new Block.Items.Item("", beatenInWords(variant, beaten))));
        }
        if (items.isEmpty()) {
            return List.of();
        }
        boolean forked = experiment.variants().stream().anyMatch(VariantResult::forked);
        return List.of(
                new Block.Paragraph(
                        forked
                                ? format(
                                        Locale.ROOT,
                                        "Over each variant's forks, at %d %% confidence: a difference or a limit is "
                                                + "named only where the intervals tell it apart.",
                                        Defaults.CONFIDENCE_PERCENT)
                                : "From one JVM a variant: no figure below carries an interval.",
                        Block.Tone.NOTE),
                new Block.Items(items));
    }

    /** A bound a step beat beyond both intervals, and why the bound was measured wrong. */
    static String beatenInWords(VariantResult variant, BeatenBound beaten) {
        return format(
                Locale.ROOT,
                "%s, %s: %s/s (%s to %s) beat what its %d users allow at their measured pace, %s/s (%s to %s), by %s: a "
                        + "bound a step beats beyond both intervals was measured wrong. The pace, %s a request where the "
                        + "fewest were in flight, is slower than each of %d users' %s here: with few users in flight the "
                        + "cores and the threads of each hand-over go idle between requests, and each request waits "
                        + "for them to wake.",
                variant.name(),
                beaten.step(),
                Figures.number(beaten.served()),
                Figures.number(beaten.servedInterval().low()),
                Figures.number(beaten.servedInterval().high()),
                beaten.users(),
                Figures.number(beaten.bound()),
                Figures.number(beaten.boundInterval().low()),
                Figures.number(beaten.boundInterval().high()),
                Figures.share(beaten.by()),
                Figures.number(beaten.paceMillis()) + " ms",
                beaten.users(),
                Figures.number(beaten.cycleAtStepMillis()) + " ms");
    }

    /**
     * The claims a run could not check, in one line, where a run of some variants would otherwise list every claim
     * of the others: their ids, and the variants they compare that did not run.
     */
    private static Block.Verdicts.Line notApplicable(List<ClaimResult> claims, ExperimentResult experiment) {
        Set<String> ran = experiment.variants().stream()
                .filter(VariantResult::ok)
                .map(VariantResult::name)
                .collect(Collectors.toSet());
        Set<String> missing = claims.stream()
                .filter(claim -> claim.chart() != null)
                .flatMap(claim -> claim.chart().variants().stream())
                .filter(variant -> !ran.contains(variant))
                .collect(Collectors.toCollection(TreeSet::new));
        String ids = String.join(", ", claims.stream().map(ClaimResult::id).toList());
        return new Block.Verdicts.Line(
                NOT_APPLICABLE,
                claims.size() + " claims need what this run did not run: " + ids,
                missing.isEmpty()
                        ? String.join(
                                "; ",
                                new LinkedHashSet<>(claims.stream()
                                        .map(ClaimResult::evidence)
                                        .toList()))
                        : "not run (not chosen, or failed): " + String.join(", ", missing),
                null,
                null);
    }

    private static String chartTitle(ChartRef chart, String anchor) {
        if (anchor.startsWith("t-")) {
            return "the table of " + chart.load();
        }
        String title = ChartRef.Kind.ofLabel(chart.kind()).title();
        return chart.variants().isEmpty() ? title : title + ": " + String.join(", ", chart.variants());
    }

    static List<Block> environment(RunResult run) {
        RunInfo info = run.run();
        TextTable table = new TextTable("what", "value");
        table.add("JDK the services ran on", info.jdk());
        table.add("Spring Boot", info.springBoot());
        table.add("machine", info.os() + ", " + info.machineCpus() + " CPUs");
        for (ExperimentResult experiment : run.experiments()) {
            String cpus = experiment.variants().stream()
                    .map(variant -> Integer.toString(variant.cpus()))
                    .distinct()
                    .collect(Collectors.joining(" or "));
            table.add(
                    experiment.name(),
                    experiment.ofAnApplication()
                            // a study has no article: no time scale, and its own lone request's time in place of D
                            ? format(
                                    Locale.ROOT,
                                    "R0 = %s ms, the application saw %s CPUs, warm-up %s, %s",
                                    Figures.number(experiment.downstreamLatencyMillis()),
                                    cpus,
                                    StepTables.warmUp(experiment),
                                    StepTables.clientAndJit(experiment))
                            : format(
                                    Locale.ROOT,
                                    "S = %s, D = %s ms, services saw %s CPUs, warm-up %s, %s",
                                    Figures.number(experiment.scale()),
                                    Figures.number(experiment.downstreamLatencyMillis()),
                                    cpus,
                                    StepTables.warmUp(experiment),
                                    StepTables.clientAndJit(experiment)));
        }
        table.add("run", info.startedAt() + " to " + (info.finishedAt() == null ? "(stopped)" : info.finishedAt()));
        return List.of(new Block.Heading(2, "Environment", "", "environment"), new Block.Table(table));
    }

    private static List<Block> experiment(ExperimentResult experiment, int index, int machineCpus) {
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Heading(
                2,
                experiment.name(),
                experiment.ofAnApplication() ? experiment.title() : "after \"" + experiment.title() + "\"",
                experiment.name()));
        Set<Integer> cpus = new LinkedHashSet<>();
        experiment.variants().forEach(variant -> cpus.add(variant.cpus()));
        if (experiment.ofAnApplication()) {
            blocks.add(new Block.Paragraph(
                    format(
                            Locale.ROOT,
                            "A lone request took %s ms (R0, the mean of those one user sent one at a time for 2 s after "
                                    + "the warm-up): \"LL TPS\" is %s. The application warmed up with %s; %s.",
                            Figures.number(experiment.downstreamLatencyMillis()),
                            StepTables.studyBound(experiment),
                            StepTables.warmUp(experiment),
                            StepTables.clientAndJit(experiment)),
                    Block.Tone.NOTE));
        } else {
            blocks.add(new Block.Paragraph(
                    format(
                            Locale.ROOT,
                            "Time scale S = %s, D = %s ms: the \"@S=1\" columns rescale our figures "
                                    + "to the article's time. %s; %s. Services saw %s CPUs "
                                    + "(this machine has %d); \"LL@%d\" is the bound this machine's own sizing gives.",
                            Figures.number(experiment.scale()),
                            Figures.number(experiment.downstreamLatencyMillis()),
                            StepTables.warmedUp(experiment),
                            StepTables.clientAndJit(experiment),
                            cpus,
                            machineCpus,
                            machineCpus),
                    Block.Tone.NOTE));
        }
        List<String> loads = StepTables.loads(experiment);
        // a legend under the first table it describes: the next tables of the same columns need none
        String legend = null;
        for (int l = 0; l < loads.size(); l++) {
            String load = loads.get(l);
            blocks.add(new Block.Heading(
                    3, "Load " + load, StepTables.loadHeading(load), ChartPlan.tableAnchor(index, l)));
            TextTable table = StepTables.stepTable(experiment, load, new Scaled(experiment.scale()), machineCpus);
            blocks.add(new Block.Table(table));
            String columns = ColumnLegend.legend(table);
            if (!columns.equals(legend)) {
                blocks.add(new Block.Paragraph(columns, Block.Tone.NOTE));
                legend = columns;
            }
            blocks.add(new Block.Charts("step", index, l));
        }
        TextTable byRequest = RequestMixTable.of(experiment);
        if (!byRequest.isEmpty()) {
            blocks.add(new Block.Heading(3, "By request", "each request of the mix in each step, by the client", ""));
            blocks.add(new Block.Table(byRequest));
        }
        for (VariantResult variant : experiment.variants()) {
            if (!variant.ok()) {
                blocks.add(new Block.Paragraph(variant.name() + " failed: " + variant.failure(), Block.Tone.ALERT));
            }
        }
        JitActivity.sentence(experiment)
                .ifPresent(sentence -> blocks.add(new Block.Paragraph(sentence, Block.Tone.NOTE)));
        MachineBoundSteps.sentence(experiment)
                .ifPresent(sentence -> blocks.add(new Block.Paragraph(sentence, Block.Tone.NOTE)));
        if (!loads.isEmpty()) {
            String last = loads.getLast();
            if (ChartPlan.chained(experiment)) {
                blocks.add(new Block.ChartSection(
                        new Block.Heading(3, "Along the chain", "load " + last, ""),
                        new Block.Paragraph(
                                "Per variant (open one), each service by its own meters: the 95th percentile of its server's time beside "
                                        + "the client's (the gateway's view), its 5xx answers beside the client's failures, and what waited: "
                                        + "the database's sessions on a lock, requests waiting for a pooled database or HTTP connection, "
                                        + "Tomcat's busy workers, and the share of each second the circuit breaker was open.",
                                Block.Tone.NOTE),
                        new Block.Charts("chain", index, loads.size() - 1)));
            }
            if (ChartPlan.overTime(experiment)) {
                blocks.add(new Block.ChartSection(
                        new Block.Heading(3, "Live threads by pool", "load " + last, ""),
                        new Block.Paragraph(
                                "Per variant, the threads the probe saw alive in each pool, stacked.", Block.Tone.NOTE),
                        new Block.Charts("threads", index, loads.size() - 1)));
            }
        }
        items(
                blocks,
                "The database's sessions",
                "PostgreSQL's pg_stat_activity and pg_stat_database",
                DatabaseSessions.lines(experiment));
        items(
                blocks,
                "Where the service's CPU went",
                "sampled on-CPU stacks; widest methods below the container",
                HotFrames.lines(experiment));
        TextTable littlesLaw = LittlesLawChecks.of(experiment);
        if (!littlesLaw.isEmpty()) {
            blocks.add(new Block.Heading(3, "Little's law", "each side measured on its own", ""));
            blocks.add(new Block.Table(littlesLaw));
        }
        blocks.addAll(CapacityReport.of(experiment));
        items(
                blocks,
                experiment.ofAnApplication() ? "How the study went" : "What this run shows about this machine",
                "",
                experiment.findings());
        return blocks;
    }

    private static void items(List<Block> blocks, String heading, String subtitle, List<String> lines) {
        if (!lines.isEmpty()) {
            blocks.add(new Block.Heading(3, heading, subtitle, ""));
            blocks.add(new Block.Items(
                    lines.stream().map(line -> new Block.Items.Item("", line)).toList()));
        }
    }
}
