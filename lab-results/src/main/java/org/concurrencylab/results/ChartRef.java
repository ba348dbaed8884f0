package org.concurrencylab.results;

import java.util.List;

/**
 * The chart that shows a claim, as the experiment declares it with the claim: which kind of chart, of
 * which load step, with which variants in front. The report links each claim to it.
 *
 * @param kind     one of the {@link Kind} labels
 * @param load     the load step's label
 * @param variants the variants the claim is about; the first is the one a per-variant chart shows
 */
public record ChartRef(String kind, String load, List<String> variants) {

    /** The charts the report draws per load step, by the labels results.json carries. */
    public enum Kind {
        LATENCY_OVER_TIME("latency-over-time", "p95 latency over time"),
        ANSWERED_OVER_TIME("answered-over-time", "answered per article second"),
        FAILED_OVER_TIME("failed-over-time", "failed per article second"),
        REQUESTS("requests", "every request's latency against its due time"),
        PERCENTILES("percentiles", "latency percentile distribution"),
        THROUGHPUT_AGAINST_BOUND("throughput-against-bound", "throughput against the Little's-law bound"),
        THREADS_BY_POOL("threads-by-pool", "live threads by pool"),
        DATABASE_LOCKS("database-locks", "database sessions waiting on a lock"),
        VARIANTS_IN_TURN("variants-in-turn", "each variant in turn"),
        ALONG_THE_CHAIN("along-the-chain", "each service of the chain over time");

        private final String label;
        private final String title;

        Kind(String label, String title) {
            this.label = label;
            this.title = title;
        }

        public String label() {
            return label;
        }

        /** What the chart shows, in words, for a link to it. */
        public String title() {
            return title;
        }

        public static Kind ofLabel(String label) {
            for (Kind kind : values()) {
                if (kind.label.equals(label)) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("no chart kind " + label);
        }
    }

    public ChartRef {
        variants = variants == null ? List.of() : List.copyOf(variants);
    }

    public static ChartRef of(Kind kind, String load, String... variants) {
        return new ChartRef(kind.label(), load, List.of(variants));
    }
}
