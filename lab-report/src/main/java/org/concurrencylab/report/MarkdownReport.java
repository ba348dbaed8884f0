package org.concurrencylab.report;

import static java.lang.String.format;

import java.util.List;
import java.util.Locale;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;

/** report.md: the terminal report's tables and claims, plus the Little's-law checks, for code review. */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String render(RunResult run) {
        RunInfo info = run.run();
        StringBuilder out = new StringBuilder();
        out.append("# Concurrency Lab run ").append(info.id()).append("\n\n");
        out.append(format(Locale.ROOT, "JDK %s, Spring Boot %s, %s, %d CPUs on this machine, started %s.%n%n",
                info.jdk(), info.springBoot(), info.os(), info.machineCpus(), info.startedAt()));
        TerminalReport.partial(run).ifPresent(sentence -> out.append("**").append(sentence).append("**\n\n"));
        out.append("Figures marked *article* are the article's own, at its time scale; everything else was measured in this run.\n");
        for (ExperimentResult experiment : run.experiments()) {
            out.append(format(Locale.ROOT, "%n## %s: after \"%s\"%n%n", experiment.name(), experiment.title()));
            out.append(format(Locale.ROOT, "Time scale S = %s, D = %s ms; services saw %s CPUs; each variant warmed up with %s.%n",
                    TerminalReport.number(experiment.scale()), TerminalReport.number(experiment.downstreamLatencyMillis()),
                    experiment.variants().stream().map(VariantResult::cpus).distinct().toList(), TerminalReport.warmUp(experiment)));
            for (String load : TerminalReport.loads(experiment)) {
                out.append(format(Locale.ROOT, "%n### Load %s (%s)%n%n", load, TerminalReport.loadHeading(load)));
                out.append(TerminalReport.stepTable(experiment, load, experiment.scale(), info.machineCpus()).renderMarkdown());
            }
            for (VariantResult variant : experiment.variants()) {
                if (!variant.ok()) {
                    out.append(format(Locale.ROOT, "%n**%s failed:** %s%n", variant.name(), variant.failure()));
                }
            }
            List<Diagnosis.Finding> diagnosis = Diagnosis.of(experiment);
            if (!diagnosis.isEmpty()) {
                out.append("\n### Where the saturated variants were held back\n\n");
                diagnosis.forEach(finding -> out.append(format(Locale.ROOT, "- **%s**, %s: %s%n", finding.variant(),
                        finding.load(), finding.sentence())));
            }
            List<String> locks = DatabaseSessions.lines(experiment);
            if (!locks.isEmpty()) {
                out.append("\n### The database's sessions\n\n");
                locks.forEach(line -> out.append("- ").append(line).append('\n'));
            }
            List<String> hot = HotFrames.lines(experiment);
            if (!hot.isEmpty()) {
                out.append("\n### Where the service's CPU went (sampled on-CPU stacks)\n\n");
                hot.forEach(line -> out.append("- ").append(line).append('\n'));
            }
            out.append("\n### Little's law\n\n");
            out.append(LittlesLawChecks.of(experiment).renderMarkdown());
            JitActivity.sentence(experiment).ifPresent(sentence -> out.append('\n').append(sentence).append('\n'));
            MachineBoundSteps.sentence(experiment).ifPresent(sentence -> out.append('\n').append(sentence).append('\n'));
            out.append("\n### Claims of the article, checked on this run\n\n");
            for (ClaimResult claim : experiment.claims()) {
                out.append(format(Locale.ROOT, "- **%s**: %s  %n  %s%n", claim.status(), claim.text(), claim.evidence()));
            }
            if (!experiment.findings().isEmpty()) {
                out.append("\n### What this run shows about this machine\n\n");
                experiment.findings().forEach(finding -> out.append("- ").append(finding).append('\n'));
            }
        }
        return out.toString();
    }
}
