package org.concurrencylab.report;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunInfo;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.SeedFigure;
import org.concurrencylab.results.StepResult;
import org.concurrencylab.results.VariantResult;

/**
 * The run as text: per experiment and load step, a table of what each variant measured beside its
 * Little's-law bound and the article's figure, then the article's claims as checked here.
 */
public final class TerminalReport {

    /** Pools that exist in every JVM and say nothing about the variant. */
    static final Set<String> BACKGROUND_POOLS = Set.of("jvm", "lab-probe", "Cleaner", "other");

    private TerminalReport() {
    }

    public static String render(RunResult run) {
        StringBuilder out = new StringBuilder();
        RunInfo info = run.run();
        out.append(format(Locale.ROOT, "Run %s: scale S=%s, JDK %s, Spring Boot %s, %d CPUs on this machine%n",
                info.id(), number(info.scale()), info.jdk(), info.springBoot(), info.machineCpus()));
        partial(run).ifPresent(sentence -> out.append(sentence).append('\n'));
        for (ExperimentResult experiment : run.experiments()) {
            out.append('\n').append(experiment(experiment, info));
        }
        return out.toString();
    }

    /** The sentence for a run that stopped before its end, if this is one. */
    static java.util.Optional<String> partial(RunResult run) {
        if (!run.run().partial()) {
            return java.util.Optional.empty();
        }
        List<String> missing = run.run().missing(run.experiments());
        return java.util.Optional.of(format(Locale.ROOT, "PARTIAL RUN: it stopped before its end; %d of %d experiments "
                + "finished and are shown here%s.", run.experiments().size(), run.experiments().size() + missing.size(),
                missing.isEmpty() ? "" : " (not run: " + String.join(", ", missing) + ")"));
    }

    static String warmUp(ExperimentResult experiment) {
        return experiment.warmUp() == null ? "an unrecorded load"
                : format(Locale.ROOT, "%d users for %d D", experiment.warmUp().users(), experiment.warmUp().lengthInD());
    }

    /** How the client held its connections and how the services compiled, as this run did it. */
    static String clientAndJit(ExperimentResult experiment) {
        String connections = experiment.variants().stream().flatMap(variant -> variant.steps().stream())
                .map(step -> step.plan().connections()).filter(java.util.Objects::nonNull).findFirst().orElse("unrecorded");
        return "connections " + connections + ", service JIT " + (experiment.jit() == null ? "unrecorded" : experiment.jit());
    }

    static String loadHeading(String load) {
        return load.contains("/s") ? "open: arrivals on a fixed schedule, latency from the scheduled send, \"sent/s\" the rate achieved"
                : "users x requests each";
    }

    private static String experiment(ExperimentResult experiment, RunInfo info) {
        StringBuilder out = new StringBuilder();
        double scale = experiment.scale();
        out.append(format(Locale.ROOT, "== %s: after \"%s\"%n", experiment.name(), experiment.title()));
        out.append(format(Locale.ROOT, "   Time scale S = %s, D = %s ms. \"@S=1\" columns rescale our figures to the article's time;%n"
                + "   \"article\" figures are the article's own, never measured here.%n",
                number(experiment.scale()), number(experiment.downstreamLatencyMillis())));
        out.append(format(Locale.ROOT, "   Each variant warmed up with %s before it was measured; %s.%n", warmUp(experiment),
                clientAndJit(experiment)));
        Set<Integer> cpus = new LinkedHashSet<>();
        experiment.variants().forEach(variant -> cpus.add(variant.cpus()));
        out.append(format(Locale.ROOT, "   Services saw %s CPUs (this machine has %d); \"LL@%d\" is the bound this machine's own sizing gives.%n",
                cpus, info.machineCpus(), info.machineCpus()));
        for (String load : loads(experiment)) {
            out.append(format(Locale.ROOT, "%n-- load %s (%s)%n", load, loadHeading(load)));
            out.append(stepTable(experiment, load, scale, info.machineCpus()).render());
        }
        for (VariantResult variant : experiment.variants()) {
            if (!variant.ok()) {
                out.append(format(Locale.ROOT, "   %s FAILED: %s%n", variant.name(), variant.failure()));
            }
        }
        JitActivity.sentence(experiment).ifPresent(sentence -> out.append(format(Locale.ROOT, "%n%s%n", sentence)));
        MachineBoundSteps.sentence(experiment).ifPresent(sentence -> out.append(format(Locale.ROOT, "%n%s%n", sentence)));
        List<Diagnosis.Finding> diagnosis = Diagnosis.of(experiment);
        if (!diagnosis.isEmpty()) {
            out.append(format(Locale.ROOT, "%nWhere the saturated variants were held back (from stack samples):%n"));
            diagnosis.forEach(finding -> out.append(format(Locale.ROOT, "  %s, %s: %s%n", finding.variant(), finding.load(),
                    finding.sentence())));
        }
        List<String> locks = DatabaseSessions.lines(experiment);
        if (!locks.isEmpty()) {
            out.append(format(Locale.ROOT, "%nThe database's sessions (PostgreSQL's pg_stat_activity):%n"));
            locks.forEach(line -> out.append(format(Locale.ROOT, "  %s%n", line)));
        }
        List<String> hot = HotFrames.lines(experiment);
        if (!hot.isEmpty()) {
            out.append(format(Locale.ROOT, "%nWhere the service's CPU went (sampled on-CPU stacks, widest methods below the container):%n"));
            hot.forEach(line -> out.append(format(Locale.ROOT, "  %s%n", line)));
        }
        out.append(format(Locale.ROOT, "%nClaims of the article, checked on this run:%n"));
        for (ClaimResult claim : experiment.claims()) {
            out.append(format(Locale.ROOT, "  [%s] %s%n      %s%n", claim.status(), claim.text(), claim.evidence()));
        }
        if (!experiment.findings().isEmpty()) {
            out.append(format(Locale.ROOT, "%nWhat this run shows about this machine:%n"));
            experiment.findings().forEach(finding -> out.append(format(Locale.ROOT, "  - %s%n", finding)));
        }
        return out.toString();
    }

    static List<String> loads(ExperimentResult experiment) {
        Set<String> loads = new LinkedHashSet<>();
        experiment.variants().forEach(variant -> variant.steps().forEach(step -> loads.add(step.load())));
        return new ArrayList<>(loads);
    }

    static TextTable stepTable(ExperimentResult experiment, String load, double scale, int machineCpus) {
        List<StepResult> steps = experiment.variants().stream()
                .flatMap(variant -> variant.steps().stream().filter(step -> step.load().equals(load)))
                .toList();
        boolean open = steps.stream().anyMatch(step -> step.arrivals() != null);
        boolean downstream = steps.stream().anyMatch(step -> step.downstream() != null);
        List<String> headers = new ArrayList<>(List.of("variant", "TPS", "mean ms", "p95 ms", "p99 ms", "max ms", "errors"));
        if (open) {
            headers.add("sent/s");
        }
        headers.addAll(List.of("peak thr", "heap MB", "largest pools", "LL TPS", "TPS/LL", "LL@" + machineCpus,
                "LL+CPU", "c ms", "step"));
        if (downstream) {
            headers.add("downstr ms");
        }
        headers.addAll(List.of("ours @S=1", "article @S=1"));
        TextTable table = new TextTable(headers.toArray(String[]::new));
        for (VariantResult variant : experiment.variants()) {
            variant.steps().stream().filter(step -> step.load().equals(load)).findFirst().ifPresent(step -> {
                List<String> cells = new ArrayList<>(List.of(variant.name(), number(step.throughputPerSecond()),
                        number(step.latencyMillis().mean()), number(step.latencyMillis().p95()),
                        number(step.latencyMillis().p99()), number(step.latencyMillis().max()), errors(step)));
                if (open) {
                    cells.add(step.arrivals() == null ? "-" : number(step.arrivals().achievedPerSecond()));
                }
                cells.addAll(List.of(Integer.toString(step.threads().peakLive()),
                        number(step.process().heapPeakBytes() / 1e6), largestPools(step.threads().peakByPool()),
                        number(step.littlesLawPerSecond()),
                        format(Locale.ROOT, "%.1f %%", 100 * step.throughputPerSecond() / step.littlesLawPerSecond()),
                        number(step.machineLittlesLawPerSecond()), MachineBoundSteps.cpuBound(step),
                        MachineBoundSteps.cpuPerRequest(step), MachineBoundSteps.verdict(step)));
                if (downstream) {
                    cells.add(step.downstream() == null ? "-" : number(step.downstream().meanMillis()));
                }
                cells.add(format(Locale.ROOT, "%s TPS, mean %s s, p95 %s s", number(step.throughputPerSecond() * scale),
                        number(step.latencyMillis().mean() / scale / 1000), number(step.latencyMillis().p95() / scale / 1000)));
                cells.add(article(step.seed()));
                table.add(cells.toArray(String[]::new));
            });
        }
        return table;
    }

    /** The count, and the kinds when there are any: a timeout and a refusal say different things. */
    private static String errors(StepResult step) {
        if (step.requests().failed() == 0) {
            return "0";
        }
        return step.requests().failed() + " " + step.requests().failedByKind().keySet().stream()
                .map(kind -> kind.toLowerCase(Locale.ROOT).replace('_', ' '))
                .reduce((a, b) -> a + "+" + b).orElse("");
    }

    private static String largestPools(Map<String, Integer> peakByPool) {
        return peakByPool.entrySet().stream()
                .filter(entry -> !BACKGROUND_POOLS.contains(entry.getKey()))
                .sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
                .limit(2)
                .map(entry -> entry.getKey() + " " + entry.getValue())
                .reduce((a, b) -> a + ", " + b)
                .orElse("-");
    }

    private static String article(SeedFigure seed) {
        if (seed == null) {
            return "-";
        }
        List<String> parts = new ArrayList<>();
        if (seed.throughputPerSecond() != null) {
            parts.add(number(seed.throughputPerSecond()) + " TPS");
        }
        if (seed.meanLatencyMillis() != null) {
            parts.add("mean " + number(seed.meanLatencyMillis() / 1000) + " s");
        }
        if (seed.p95LatencyMillis() != null) {
            parts.add("p95 " + number(seed.p95LatencyMillis() / 1000) + " s");
        }
        if (seed.note() != null) {
            parts.add(seed.note());
        }
        return String.join(", ", parts);
    }

    /** Three significant digits are all a noisy 2-core machine can defend. */
    static String number(double value) {
        if (value == 0) {
            return "0";
        }
        double magnitude = Math.abs(value);
        if (magnitude >= 100) {
            return format(Locale.ROOT, "%.0f", value);
        }
        if (magnitude >= 10) {
            return format(Locale.ROOT, "%.1f", value);
        }
        return format(Locale.ROOT, "%.2f", value);
    }
}
