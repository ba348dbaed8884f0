package org.concurrencylab.report.section;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.TimeBudget;

/** The run's time budget in one line for the terminal: the wall time, the measured steps' share, the phases largest first. */
public final class TimeBudgetLine {

    private TimeBudgetLine() {}

    /**
     * @param reports how long writing the reports took, after results.json was written; empty where unknown
     */
    public static Optional<String> of(RunResult run, Duration reports) {
        TimeBudget budget = run.run().timeBudget();
        if (budget == null) {
            return Optional.empty();
        }
        double wall = budget.wallSeconds() + reports.toNanos() / 1e9;
        List<Map.Entry<String, Double>> phases = budget.byPhase().entrySet().stream()
                .filter(phase -> phase.getValue() >= 0.05)
                .sorted(Comparator.comparingDouble(Map.Entry<String, Double>::getValue)
                        .reversed())
                .toList();
        StringBuilder line = new StringBuilder(String.format(
                Locale.ROOT,
                "Where the time went: %s in all, %.0f %% of it in measured steps; ",
                duration(wall),
                100 * budget.byPhase().getOrDefault(TimeBudget.MEASURED, 0.0) / wall));
        line.append(String.join(
                ", ",
                phases.stream()
                        .map(phase -> phase.getKey() + " " + duration(phase.getValue()))
                        .toList()));
        line.append(", reports ").append(duration(reports.toNanos() / 1e9)).append('.');
        forks(budget).ifPresent(byFork -> line.append(' ').append(byFork));
        return Optional.of(line.toString());
    }

    /**
     * Each fork's own time, where a study ran its variants in forks: "By fork: as-is, fork 1 of 3 52 s (warm-up 31
     * s), ...", so that what a fork costs, and which part of it, is read in one line.
     */
    static Optional<String> forks(TimeBudget budget) {
        List<String> forks = budget.byVariant().entrySet().stream()
                .filter(variant -> variant.getKey().contains(", fork "))
                .map(variant -> String.format(
                        Locale.ROOT,
                        "%s %s (warm-up %s)",
                        variant.getKey().substring(variant.getKey().indexOf('/') + 1),
                        duration(variant.getValue().values().stream()
                                .mapToDouble(Double::doubleValue)
                                .sum()),
                        duration(variant.getValue().getOrDefault(TimeBudget.WARM_UPS, 0.0))))
                .toList();
        return forks.isEmpty() ? Optional.empty() : Optional.of("By fork: " + String.join(", ", forks) + ".");
    }

    static String duration(double seconds) {
        if (seconds < 10) {
            return String.format(Locale.ROOT, "%.1f s", seconds);
        }
        long whole = Math.round(seconds);
        return whole < 60 ? whole + " s" : whole / 60 + " min " + whole % 60 + " s";
    }
}
