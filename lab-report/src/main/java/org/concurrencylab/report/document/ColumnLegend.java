package org.concurrencylab.report.document;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** What each short header of a step table means: the legend under every step table and the hover text of each header. */
public final class ColumnLegend {

    private ColumnLegend() {}

    /** What each short header of a step table means, in words and units; the legend under every step table. */
    private static final Map<String, String> MEANINGS = legendOf(
            "TPS", "answered requests a second",
            "mean ms", "latency of the answered requests, mean, 95th and 99th percentile and longest, in milliseconds",
            "errors", "failed requests, by kind",
            "sent/s", "arrivals actually sent a second (an open load)",
            "peak thr", "the entry service's most live threads",
            "heap MB", "its largest heap in use, MB",
            "largest pools", "its pools with the most threads",
            "LL TPS", "the Little's-law bound, requests a second: what the variant's pools or users allow",
            "TPS/LL", "throughput as a share of that bound",
            "LL@", "the bound with the pools as this machine's own CPU count sizes them",
            "LL+CPU", "the bound this machine's CPU allows, by the CPU each request costs",
            "c ms", "CPU per request on every process of the request path, ms",
            "step", "clean, or machine-bound: this machine may have set the figure",
            "downstr ms", "the downstream's own time per call, ms",
            "ours @S=1",
                    "our mean latency and throughput rescaled to the article's time, beside the article's own figures",
            "pools: mean busy / max", "each pool's mean occupancy over its size",
            "forks",
                    "how many JVMs a variant ran in: its figures are their mean, \"±\" the half width of the mean's 95 % "
                            + "interval over them as a share of it; \"within\" how far the throughput moved from one "
                            + "second to the next inside a JVM",
            // shown on hover only: the legend gives them with their neighbour
            "p95 ms", "95th percentile latency of the answered requests, ms",
            "p99 ms", "99th percentile latency of the answered requests, ms",
            "max ms", "the longest latency of an answered request, ms",
            "article @S=1", "the article's own figures, at its own time");

    /** Headers the legend names with the column before them. */
    private static final Set<String> WITH_THE_ONE_BEFORE = Set.of("p95 ms", "p99 ms", "max ms", "article @S=1");

    private static Map<String, String> legendOf(String... pairs) {
        Map<String, String> legend = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            legend.put(pairs[i], pairs[i + 1]);
        }
        return Collections.unmodifiableMap(legend);
    }

    /** One line under a step table: each of its short headers, in words. */
    public static String legend(TextTable table) {
        List<String> parts = new ArrayList<>();
        for (String header : table.headers()) {
            if (WITH_THE_ONE_BEFORE.contains(header)) {
                continue;
            }
            meaning(header)
                    .ifPresent(meaning ->
                            parts.add(header + (header.equals("mean ms") ? ", p95, p99, max" : "") + ": " + meaning));
        }
        return "Columns: " + String.join("; ", parts) + ".";
    }

    /** What a step table's short header means, where it has a meaning to give. */
    static Optional<String> meaning(String header) {
        return Optional.ofNullable(MEANINGS.get(header.startsWith("LL@") ? "LL@" : header));
    }
}
