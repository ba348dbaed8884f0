package org.concurrencylab.results;

import java.util.List;
import java.util.Map;
import org.concurrencylab.results.capacity.ServiceCapacity;
import org.concurrencylab.results.interval.Interval;
import org.concurrencylab.results.step.WarmUpLoad;

/**
 * One experiment of a run, or a study of an application: every variant's steps, the claims decided on them and
 * what the run says about this machine. Built with {@link #custom(String, String)}, or from another with
 * {@link #from(ExperimentResult)}; the canonical constructor is for the results file's reader.
 *
 * @param seed                    the article the experiment reproduces, by its file in shared/seeds; null for a study
 * @param scale                   the time scale S this experiment ran at
 * @param downstreamLatencyMillis D as it ran (the article's D x S)
 * @param warmUp                  the load each variant ran before it was measured
 * @param jit                     how the service JVMs compiled: {@code c1} (C1 only) or {@code full}; null in older results
 * @param downstreamSizing        how the downstream simulator was sized, as it reported; empty when there is none
 * @param findings                what the run's numbers say about this machine, in sentences
 * @param capacity                a study's capacity model of each variant; empty for an article's experiment, and
 *                                in results written before schema 3
 * @param downstreamLatencyMillisInterval for a study whose first variant ran in several forks, its R0's interval over
 *                                them, R0 then their mean; null otherwise
 */
public record ExperimentResult(
        String name,
        String title,
        String seed,
        double scale,
        double downstreamLatencyMillis,
        WarmUpLoad warmUp,
        String jit,
        Map<String, Object> downstreamSizing,
        List<VariantResult> variants,
        List<ClaimResult> claims,
        List<String> findings,
        List<ServiceCapacity> capacity,
        Interval downstreamLatencyMillisInterval) {

    /** The origin of a study's variants: the user's own application, not an article's system. */
    public static final String APPLICATION = "application";

    public ExperimentResult {
        downstreamSizing = downstreamSizing == null ? Map.of() : downstreamSizing;
        variants = variants == null ? List.of() : List.copyOf(variants);
        claims = claims == null ? List.of() : List.copyOf(claims);
        findings = findings == null ? List.of() : List.copyOf(findings);
        capacity = capacity == null ? List.of() : List.copyOf(capacity);
    }

    /**
     * Whether an article's experiment ran, on the article's time scale: a study, or a load imported from another
     * tool, has no article, and runs in its own time.
     */
    public boolean ofAnArticle() {
        return seed != null;
    }

    /** Whether this is a study of a user's application ({@code ./lab run app.jar}) rather than an article's experiment. */
    public boolean ofAnApplication() {
        return !variants.isEmpty() && variants.stream().allMatch(variant -> APPLICATION.equals(variant.origin()));
    }

    /** An experiment of this name and title, at S = 1, to be filled in. */
    public static Builder custom(String name, String title) {
        return new Builder(name, title);
    }

    /** A builder holding everything of {@code experiment}, to change some of it. */
    public static Builder from(ExperimentResult experiment) {
        return new Builder(experiment.name, experiment.title)
                .seed(experiment.seed)
                .scale(experiment.scale)
                .downstreamLatencyMillis(experiment.downstreamLatencyMillis, experiment.downstreamLatencyMillisInterval)
                .warmUp(experiment.warmUp)
                .jit(experiment.jit)
                .downstreamSizing(experiment.downstreamSizing)
                .variants(experiment.variants)
                .claims(experiment.claims)
                .findings(experiment.findings)
                .capacity(experiment.capacity);
    }

    public static final class Builder {
        private final String name;
        private final String title;
        private String seed;
        private double scale = 1;
        private double downstreamLatencyMillis;
        private Interval downstreamLatencyMillisInterval;
        private WarmUpLoad warmUp;
        private String jit;
        private Map<String, Object> downstreamSizing = Map.of();
        private List<VariantResult> variants = List.of();
        private List<ClaimResult> claims = List.of();
        private List<String> findings = List.of();
        private List<ServiceCapacity> capacity = List.of();

        private Builder(String name, String title) {
            this.name = name;
            this.title = title;
        }

        public Builder seed(String seed) {
            this.seed = seed;
            return this;
        }

        public Builder scale(double scale) {
            this.scale = scale;
            return this;
        }

        /** D as it ran; for a study, the lone request's time R0. */
        public Builder downstreamLatencyMillis(double downstreamLatencyMillis) {
            this.downstreamLatencyMillis = downstreamLatencyMillis;
            return this;
        }

        /** A study's R0, the mean over its first variant's forks, and its interval over them. */
        public Builder downstreamLatencyMillis(double downstreamLatencyMillis, Interval interval) {
            this.downstreamLatencyMillis = downstreamLatencyMillis;
            this.downstreamLatencyMillisInterval = interval;
            return this;
        }

        public Builder warmUp(WarmUpLoad warmUp) {
            this.warmUp = warmUp;
            return this;
        }

        public Builder jit(String jit) {
            this.jit = jit;
            return this;
        }

        public Builder downstreamSizing(Map<String, Object> downstreamSizing) {
            this.downstreamSizing = downstreamSizing;
            return this;
        }

        public Builder variants(List<VariantResult> variants) {
            this.variants = variants;
            return this;
        }

        public Builder claims(List<ClaimResult> claims) {
            this.claims = claims;
            return this;
        }

        public Builder findings(List<String> findings) {
            this.findings = findings;
            return this;
        }

        public Builder capacity(List<ServiceCapacity> capacity) {
            this.capacity = capacity;
            return this;
        }

        /** @throws IllegalStateException without a name, or at a scale that is not one */
        public ExperimentResult build() {
            if (name == null || name.isBlank()) {
                throw new IllegalStateException("an experiment's result needs its name");
            }
            if (!(scale > 0) || !(downstreamLatencyMillis >= 0)) {
                throw new IllegalStateException(
                        name + ": scale " + scale + " and D " + downstreamLatencyMillis + " ms are not a run's");
            }
            return new ExperimentResult(
                    name,
                    title,
                    seed,
                    scale,
                    downstreamLatencyMillis,
                    warmUp,
                    jit,
                    downstreamSizing,
                    variants,
                    claims,
                    findings,
                    capacity,
                    downstreamLatencyMillisInterval);
        }
    }
}
