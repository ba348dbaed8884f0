package org.concurrencylab.report.section;

import static java.lang.String.format;
import static org.concurrencylab.report.document.Figures.number;
import static org.concurrencylab.report.document.Figures.withInterval;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.report.document.Figures;
import org.concurrencylab.report.document.TextTable;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.LatencyMillis;
import org.concurrencylab.results.step.LoadPlan;
import org.concurrencylab.results.step.SeedFigure;
import org.concurrencylab.results.step.StepResult;

/**
 * A load step's table (what each variant measured beside its Little's-law bound and the article's
 * figure) and the small pieces of wording every format of the report shares.
 */
public final class StepTables {

    /** Pools that exist in every JVM and say nothing about the variant. */
    public static final Set<String> BACKGROUND_POOLS = Set.of("jvm", "lab-probe", "Cleaner", "other");

    private StepTables() {}

    /** The sentence for a run that stopped before its end, if this is one. */
    public static Optional<String> partial(RunResult run) {
        if (!run.run().partial()) {
            return Optional.empty();
        }
        List<String> missing = run.run().missing(run.experiments());
        List<ExperimentResult> stopped =
                run.experiments().stream().filter(run.run()::stoppedIn).toList();
        int finished = run.experiments().size() - stopped.size();
        return Optional.of(format(
                Locale.ROOT,
                "PARTIAL RUN: it stopped before its end; %d of %d experiments " + "finished and are shown here%s%s.",
                finished,
                run.experiments().size() + missing.size(),
                stopped.stream()
                        .map(experiment -> format(
                                Locale.ROOT,
                                "; %s stopped after %d variant%s, shown without its claims",
                                experiment.name(),
                                experiment.variants().size(),
                                experiment.variants().size() == 1 ? "" : "s"))
                        .findFirst()
                        .orElse(""),
                missing.isEmpty() ? "" : " (not run: " + String.join(", ", missing) + ")"));
    }

    public static String warmUp(ExperimentResult experiment) {
        if (experiment.warmUp() != null && experiment.ofAnApplication()) {
            // a study's warm-up ends when the application is steady; each variant's took what it took
            List<String> took = experiment.variants().stream()
                    .filter(variant -> variant.warmUpSeconds().isPresent())
                    .map(variant -> (experiment.variants().size() == 1 ? "" : variant.name() + " ")
                            + format(
                                    Locale.ROOT,
                                    "%.1f s",
                                    variant.warmUpSeconds().getAsDouble())
                            + (variant.warmUpShortOfSteady() ? " (its cap, short of steady)" : ""))
                    .toList();
            if (!took.isEmpty()) {
                return format(
                        Locale.ROOT,
                        "%s until steady, at most %.0f s: %s",
                        LoadStep.users(experiment.warmUp().users()),
                        experiment.warmUp().lengthInD() * experiment.downstreamLatencyMillis() / 1000,
                        String.join(", ", took));
            }
            return format(
                    Locale.ROOT,
                    "%s for %.0f s",
                    LoadStep.users(experiment.warmUp().users()),
                    experiment.warmUp().lengthInD() * experiment.downstreamLatencyMillis() / 1000);
        }
        if (experiment.warmUp() == null) {
            return "an unrecorded load";
        }
        List<VariantResult> judged = experiment.variants().stream()
                .filter(variant -> variant.warmUpSeconds().isPresent())
                .toList();
        if (judged.isEmpty()) {
            // results written before warm-ups ended when steady: a fixed length
            return format(
                    Locale.ROOT,
                    "%s for %d D",
                    LoadStep.users(experiment.warmUp().users()),
                    experiment.warmUp().lengthInD());
        }
        List<String> capped = judged.stream()
                .filter(VariantResult::warmUpShortOfSteady)
                .map(VariantResult::name)
                .toList();
        DoubleSummaryStatistics took = judged.stream()
                .mapToDouble(variant -> variant.warmUpSeconds().getAsDouble())
                .summaryStatistics();
        return format(
                        Locale.ROOT,
                        "%s until steady, at most %d D (%.1f s), %.1f to %.1f s: %d of %d steady",
                        LoadStep.users(experiment.warmUp().users()),
                        experiment.warmUp().lengthInD(),
                        experiment.warmUp().lengthInD() * experiment.downstreamLatencyMillis() / 1000,
                        took.getMin(),
                        took.getMax(),
                        judged.size() - capped.size(),
                        judged.size())
                + (capped.isEmpty() ? "" : "; at the cap, short of steady: " + String.join(", ", capped));
    }

    /** What a study's "LL TPS" column is: the users' pace, with their think time where they think, or the arrivals' rate. */
    public static String studyBound(ExperimentResult experiment) {
        List<LoadPlan> plans = experiment.variants().stream()
                .flatMap(variant -> variant.steps().stream())
                .map(StepResult::plan)
                .filter(Objects::nonNull)
                .toList();
        if (!plans.isEmpty() && plans.stream().allMatch(plan -> plan.ratePerSecond() != null)) {
            return "the rate each step's requests arrived at, which an open load keeps whatever the answers";
        }
        double think = plans.stream()
                .map(LoadPlan::thinkSeconds)
                .filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .max()
                .orElse(0);
        return think > 0
                ? format(
                        Locale.ROOT,
                        "what each step's users allow at that pace, thinking %s s between requests, U / (R0 + Z)",
                        number(think))
                : "what each step's users allow at that pace, U / R0";
    }

    /**
     * How the variants were warmed before they were measured: by the lab, or, for load another tool drove
     * against services the lab did not start, not by the lab at all.
     */
    public static String warmedUp(ExperimentResult experiment) {
        List<StepResult> steps = experiment.variants().stream()
                .flatMap(variant -> variant.steps().stream())
                .toList();
        if (!steps.isEmpty() && steps.stream().noneMatch(StepResult::probed)) {
            return "Its load came from " + steps.getFirst().plan().driver()
                    + ", against services the lab did not start or warm up";
        }
        return "Before it was measured, each variant warmed up with " + warmUp(experiment);
    }

    /** How the client held its connections and how the services compiled, as this run did it. */
    public static String clientAndJit(ExperimentResult experiment) {
        String connections = experiment.variants().stream()
                .flatMap(variant -> variant.steps().stream())
                .map(step -> step.plan().connections())
                .filter(Objects::nonNull)
                .findFirst()
                .orElse("unrecorded");
        return "connections " + connections + ", service JIT "
                + (experiment.jit() == null ? "unrecorded" : experiment.jit());
    }

    public static String loadHeading(String load) {
        return load.contains("/s")
                ? "open: arrivals on a fixed schedule, latency from the scheduled send, \"sent/s\" the rate achieved"
                : load.contains(" for ") || load.contains(" ramp ")
                        ? "closed: each user sends its next request when answered, for a time"
                        : "users x requests each";
    }

    public static List<String> loads(ExperimentResult experiment) {
        Set<String> loads = new LinkedHashSet<>();
        experiment.variants().forEach(variant -> variant.steps().forEach(step -> loads.add(step.load())));
        return new ArrayList<>(loads);
    }

    public static TextTable stepTable(ExperimentResult experiment, String load, Scaled scaled, int machineCpus) {
        List<StepResult> steps = experiment.variants().stream()
                .flatMap(variant ->
                        variant.steps().stream().filter(step -> step.load().equals(load)))
                .toList();
        boolean open = steps.stream().anyMatch(step -> step.client().arrivals() != null);
        boolean downstream = steps.stream().anyMatch(step -> step.service().downstream() != null);
        List<String> headers =
                new ArrayList<>(List.of("variant", "TPS", "mean ms", "p95 ms", "p99 ms", "max ms", "errors"));
        if (open) {
            headers.add("sent/s");
        }
        headers.addAll(List.of(
                "peak thr",
                "heap MB",
                "largest pools",
                "LL TPS",
                "TPS/LL",
                "LL@" + machineCpus,
                "LL+CPU",
                "c ms",
                "step"));
        if (downstream) {
            headers.add("downstr ms");
        }
        boolean forked = experiment.variants().stream().anyMatch(VariantResult::forked);
        if (forked) {
            headers.add("forks");
        }
        // a study has no article to rescale to; what its pools held is its point
        boolean study = experiment.ofAnApplication();
        headers.addAll(study ? List.of("pools: mean busy / max") : List.of("ours @S=1", "article @S=1"));
        TextTable table = new TextTable(headers.toArray(String[]::new));
        for (VariantResult variant : experiment.variants()) {
            variant.steps().stream()
                    .filter(step -> step.load().equals(load))
                    .findFirst()
                    .ifPresent(step -> {
                        LatencyMillis latency = step.client().latencyMillis();
                        List<String> cells = new ArrayList<>(List.of(
                                variant.name(),
                                withInterval(
                                        step.client().throughputPerSecond(),
                                        step.client().throughputPerSecondInterval()),
                                withInterval(latency.mean(), latency.meanInterval()),
                                withInterval(latency.p95(), latency.p95Interval()),
                                withInterval(latency.p99(), latency.p99Interval()),
                                number(latency.max()),
                                errors(step)));
                        if (open) {
                            cells.add(
                                    step.client().arrivals() == null
                                            ? "-"
                                            : number(step.client().arrivals().achievedPerSecond()));
                        }
                        // a step another engine drove has the client's figures only; its "step" cell names the engine
                        cells.addAll(List.of(
                                step.service().threads() == null
                                        ? "-"
                                        : Integer.toString(
                                                step.service().threads().peakLive()),
                                step.service().process() == null
                                        ? "-"
                                        : number(step.service().process().heapPeakBytes() / 1e6),
                                step.service().threads() == null
                                        ? "-"
                                        : largestPools(step.service().threads().peakByPool()),
                                number(step.bound().littlesLawPerSecond()),
                                format(
                                        Locale.ROOT,
                                        "%.1f %%",
                                        100
                                                * step.client().throughputPerSecond()
                                                / step.bound().littlesLawPerSecond()),
                                number(step.bound().machineLittlesLawPerSecond()),
                                MachineBoundSteps.cpuBound(step),
                                MachineBoundSteps.cpuPerRequest(step),
                                driven(step)));
                        if (downstream) {
                            cells.add(
                                    step.service().downstream() == null
                                            ? "-"
                                            : number(step.service().downstream().meanMillis()));
                        }
                        if (forked) {
                            cells.add(forks(variant, step));
                        }
                        if (study) {
                            cells.add(pools(step));
                        } else {
                            cells.add(format(
                                    Locale.ROOT,
                                    "%s TPS, mean %s s, p95 %s s",
                                    number(scaled.articleRate(step.client().throughputPerSecond())),
                                    number(scaled.articleMillis(step.client()
                                                    .latencyMillis()
                                                    .mean())
                                            / 1000),
                                    number(scaled.articleMillis(step.client()
                                                    .latencyMillis()
                                                    .p95())
                                            / 1000)));
                            cells.add(article(step.seed()));
                        }
                        table.add(cells.toArray(String[]::new));
                    });
        }
        return table;
    }

    /**
     * The step's verdict on this machine's CPU, and who drove it when not the lab's own driver: an engine
     * whose statistics were imported, or agents on other hosts, with the requests each sent.
     */
    private static String driven(StepResult step) {
        if (!step.probed()) {
            return "by " + step.plan().driver();
        }
        Map<String, Long> byHost = step.plan().requestsByLoadHost();
        if (byHost == null) {
            return MachineBoundSteps.verdict(step);
        }
        return MachineBoundSteps.verdict(step) + "; by " + step.plan().driver() + " from "
                + byHost.entrySet().stream()
                        .map(host -> host.getKey() + " (" + host.getValue() + ")")
                        .collect(Collectors.joining(", "));
    }

    /**
     * How many forks a step's figures are the mean of, and how far its throughput moved from one second to the next
     * within them: {@code 3, ±1.2% within}.
     */
    private static String forks(VariantResult variant, StepResult step) {
        if (!variant.forked()) {
            return "1";
        }
        int forks = step.client().throughputPerSecondInterval() == null
                ? 1
                : step.client().throughputPerSecondInterval().forks();
        return step.client().throughputSpreadWithinForks().isEmpty()
                ? Integer.toString(forks)
                : forks + ", ±"
                        + Figures.share(
                                step.client().throughputSpreadWithinForks().getAsDouble()) + " within";
    }

    /** Each self-counting pool's mean occupancy against its size: {@code hikari:HikariPool-1 3.9/4}. */
    private static String pools(StepResult step) {
        if (step.service().pools().isEmpty()) {
            return "-";
        }
        return step.service().pools().entrySet().stream()
                .map(pool -> pool.getKey() + " "
                        + format(Locale.ROOT, "%.1f", pool.getValue().meanBusy()) + "/"
                        + pool.getValue().max())
                .reduce((a, b) -> a + ", " + b)
                .orElse("-");
    }

    /** The count, and the kinds when there are any: a timeout and a refusal say different things. */
    private static String errors(StepResult step) {
        if (step.client().requests().failed() == 0) {
            return "0";
        }
        return step.client().requests().failed() + " "
                + step.client().requests().failedByKind().keySet().stream()
                        .map(kind -> kind.toLowerCase(Locale.ROOT).replace('_', ' '))
                        .reduce((a, b) -> a + "+" + b)
                        .orElse("");
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
}
