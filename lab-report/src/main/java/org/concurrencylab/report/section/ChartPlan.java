package org.concurrencylab.report.section;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.ChartRef.Kind;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;

/**
 * Which charts the HTML report draws for each load step, and where each one is, so that a claim can
 * link to the chart its experiment declared. Charts with nothing to show are left out: a step of a few
 * lone requests gets its numbers in the table, not a line between two points.
 */
public final class ChartPlan {

    /** Fewer article seconds than this, and a chart over time is a line between a few points. */
    static final int TIME_POINTS = 4;
    /** Fewer requests than this, and their distribution or scatter says no more than the table. */
    static final int REQUESTS = 20;

    private ChartPlan() {}

    /** The step's chart kinds, in the order they are drawn. */
    public static List<Kind> kinds(ExperimentResult experiment, String load) {
        List<StepResult> steps = steps(experiment, load);
        boolean overTime = steps.stream()
                .anyMatch(step -> step.client().timeline().points().size() >= TIME_POINTS);
        boolean distributions =
                steps.stream().anyMatch(step -> step.client().requests().ok() >= REQUESTS);
        boolean failures =
                steps.stream().anyMatch(step -> step.client().requests().failed() > 0);
        boolean database = steps.stream().anyMatch(step -> step.service().database() != null);
        List<Kind> kinds = new ArrayList<>();
        if (overTime) {
            kinds.add(Kind.LATENCY_OVER_TIME);
            kinds.add(Kind.ANSWERED_OVER_TIME);
            if (failures) {
                kinds.add(Kind.FAILED_OVER_TIME);
            }
        }
        if (distributions) {
            kinds.add(Kind.PERCENTILES);
        }
        if (database && overTime) {
            kinds.add(Kind.DATABASE_LOCKS);
        }
        if (database) {
            kinds.add(Kind.VARIANTS_IN_TURN);
        }
        kinds.add(Kind.THROUGHPUT_AGAINST_BOUND);
        if (distributions) {
            kinds.add(Kind.REQUESTS);
        }
        return kinds;
    }

    /** Whether some step was watched over time: not so when every step's load came from another engine. */
    public static boolean overTime(ExperimentResult experiment) {
        return experiment.variants().stream()
                .flatMap(variant -> variant.runs().stream())
                .flatMap(run -> run.steps().stream())
                .anyMatch(step -> !step.client().timeline().points().isEmpty());
    }

    /** Whether the experiment's variants are chains of services, each with its own meters. */
    public static boolean chained(ExperimentResult experiment) {
        return experiment.variants().stream()
                .flatMap(variant -> variant.steps().stream())
                .anyMatch(step -> step.service().services().size() > 1);
    }

    /** A chart's id in the page: {@code c-<experiment>-<load>-<kind>}, as report.js names them too. */
    static String anchor(int experiment, int load, Kind kind) {
        return "c-" + experiment + "-" + load + "-" + kind.label();
    }

    /** A chart drawn per variant (every request's latency, the threads, the chain): its id ends with the variant's. */
    static String anchor(int experiment, int load, Kind kind, String variant) {
        return anchor(experiment, load, kind) + "-" + variantId(variant);
    }

    public static String variantId(String variant) {
        return variant.replaceAll("[^A-Za-z0-9-]", "-");
    }

    public static String tableAnchor(int experiment, int load) {
        return "t-" + experiment + "-" + load;
    }

    /**
     * Where the chart a claim declares is: its anchor, or the step's table where the report draws no
     * such chart for that step (too few requests), or nothing where the step is not in the run.
     */
    public static Optional<String> anchorOf(ChartRef chart, int experimentIndex, ExperimentResult experiment) {
        if (chart == null) {
            return Optional.empty();
        }
        List<String> loads = StepTables.loads(experiment);
        int load = loads.indexOf(chart.load());
        if (load < 0) {
            return Optional.empty();
        }
        Kind kind = Kind.ofLabel(chart.kind());
        int last = loads.size() - 1;
        String variant = chart.variants().isEmpty() ? null : chart.variants().getFirst();
        boolean ran = variant == null
                || experiment.variants().stream().anyMatch(v -> v.name().equals(variant) && v.ok());
        return Optional.of(
                switch (kind) {
                    case THREADS_BY_POOL ->
                        ran && variant != null
                                ? anchor(experimentIndex, last, kind, variant)
                                : tableAnchor(experimentIndex, load);
                    case ALONG_THE_CHAIN ->
                        ran && variant != null && chained(experiment)
                                ? anchor(experimentIndex, last, kind, variant)
                                : tableAnchor(experimentIndex, load);
                    case REQUESTS ->
                        ran
                                        && variant != null
                                        && kinds(experiment, chart.load()).contains(kind)
                                ? anchor(experimentIndex, load, kind, variant)
                                : tableAnchor(experimentIndex, load);
                    default ->
                        kinds(experiment, chart.load()).contains(kind)
                                ? anchor(experimentIndex, load, kind)
                                : tableAnchor(experimentIndex, load);
                });
    }

    /** Every JVM's step of that load: a forked variant's each fork's, as the charts draw them. */
    private static List<StepResult> steps(ExperimentResult experiment, String load) {
        List<StepResult> steps = new ArrayList<>();
        for (VariantResult variant : experiment.variants()) {
            for (VariantResult run : variant.runs()) {
                run.steps().stream().filter(step -> step.load().equals(load)).forEach(steps::add);
            }
        }
        return steps;
    }

    /**
     * How a chart names one JVM's run of a variant: the variant's name, and a fork's number where it ran in several,
     * as in "as-is, fork 2".
     */
    public static String runName(VariantResult variant, int fork) {
        return variant.forked() ? variant.name() + ", fork " + (fork + 1) : variant.name();
    }
}
