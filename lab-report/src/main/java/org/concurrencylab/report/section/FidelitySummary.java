package org.concurrencylab.report.section;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.concurrencylab.report.document.Figures;
import org.concurrencylab.report.document.TextTable;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;

/**
 * How steady the lab is over repeated runs of the same experiments: per step, the share of its bound
 * and its p95 in D (minimum, median, maximum) and how often it was machine-bound; per claim, how
 * many runs gave each verdict. The benchmark prints it; nothing here is timed.
 */
public final class FidelitySummary {

    private FidelitySummary() {}

    public static String render(List<RunResult> runs) {
        StringBuilder out = new StringBuilder();
        out.append(format(Locale.ROOT, "Fidelity over %d runs%n", runs.size()));
        Map<String, Map<String, List<StepResult>>> steps = new LinkedHashMap<>();
        Map<String, Map<String, List<ClaimResult>>> claims = new LinkedHashMap<>();
        Map<String, Double> dMillis = new LinkedHashMap<>();
        for (RunResult run : runs) {
            for (ExperimentResult experiment : run.experiments()) {
                dMillis.put(experiment.name(), experiment.downstreamLatencyMillis());
                for (VariantResult variant : experiment.variants()) {
                    for (StepResult step : variant.steps()) {
                        steps.computeIfAbsent(experiment.name(), any -> new LinkedHashMap<>())
                                .computeIfAbsent(variant.name() + " " + step.load(), any -> new ArrayList<>())
                                .add(step);
                    }
                }
                for (ClaimResult claim : experiment.claims()) {
                    claims.computeIfAbsent(experiment.name(), any -> new LinkedHashMap<>())
                            .computeIfAbsent(claim.id(), any -> new ArrayList<>())
                            .add(claim);
                }
            }
        }
        for (String experiment : steps.keySet()) {
            out.append(format(Locale.ROOT, "%n== %s%n", experiment));
            TextTable table = new TextTable(
                    "variant and load",
                    "runs",
                    "TPS/bound min",
                    "median",
                    "max",
                    "p95/D min",
                    "median",
                    "max",
                    "machine-bound");
            steps.get(experiment).forEach((name, measured) -> {
                List<Double> shares = measured.stream()
                        .map(step -> step.client().throughputPerSecond()
                                / step.bound().littlesLawPerSecond())
                        .toList();
                List<Double> p95 = measured.stream()
                        .map(step -> step.client().latencyMillis().p95() / dMillis.get(experiment))
                        .toList();
                long machineBound =
                        measured.stream().filter(StepResult::machineBound).count();
                table.add(
                        name,
                        Integer.toString(measured.size()),
                        percent(min(shares)),
                        percent(Figures.median(shares)),
                        percent(max(shares)),
                        number(min(p95)),
                        number(Figures.median(p95)),
                        number(max(p95)),
                        machineBound + " of " + measured.size());
            });
            out.append(table.render());
            out.append(format(Locale.ROOT, "%nclaims (runs per verdict; agreed = the most common verdict's share)%n"));
            TextTable verdicts = new TextTable("claim", "verdicts", "agreed");
            claims.getOrDefault(experiment, Map.of()).forEach((id, results) -> {
                Map<String, Integer> counts = new TreeMap<>();
                results.forEach(claim -> counts.merge(claim.status(), 1, Integer::sum));
                int most = Collections.max(counts.values());
                verdicts.add(id, counts.toString().replaceAll("[{}]", ""), most + " of " + results.size());
            });
            out.append(verdicts.render());
        }
        return out.toString();
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    private static String percent(double share) {
        return format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    private static String number(double value) {
        return format(Locale.ROOT, "%.2f", value);
    }
}
