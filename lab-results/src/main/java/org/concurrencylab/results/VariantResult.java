package org.concurrencylab.results;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.concurrencylab.results.step.StepResult;

/**
 * One variant, run in its own JVM.
 *
 * @param origin     {@code seed} when the article ran it, {@code modern} when the lab adds it
 * @param cpus       the processor count the JVM was given ({@code -XX:ActiveProcessorCount})
 * @param status     {@link VariantStatus#OK}, or {@link VariantStatus#FAILED} with {@code failure} saying why
 * @param sizing     pool sizes as the running service reported them
 * @param properties the Spring properties that make this variant
 * @param steps      each step as measured; for a variant run in several forks, each step of its forks together: a
 *                   figure that is a level (throughput, latency, a pool's occupancy, a share) is the mean of the
 *                   forks' figures, with its interval beside it, and a count (requests, CPU seconds, time) their sum,
 *                   as if the forks' steps had run one after the other
 * @param forks      each fork's own run of the variant, in the order they ran, its steps as measured; empty where the
 *                   variant ran in one JVM (an experiment's variants, a study of one fork, results written before
 *                   forks)
 */
public record VariantResult(
        String name,
        String summary,
        String origin,
        int cpus,
        VariantStatus status,
        String failure,
        Sizing sizing,
        Map<String, String> properties,
        List<StepResult> steps,
        List<VariantResult> forks) {

    public VariantResult {
        sizing = sizing == null ? Sizing.NONE : sizing;
        forks = forks == null ? List.of() : List.copyOf(forks);
    }

    /** Each JVM's run of it as it ran, timelines and request logs with it: its forks, or itself where it ran once. */
    public List<VariantResult> runs() {
        return forks.isEmpty() ? List.of(this) : forks;
    }

    /** Whether it ran in several forks, its figures their means with intervals. */
    public boolean forked() {
        return !forks.isEmpty();
    }

    /** The sizing's entry for the entry service's live threads once started, before any load (its warm-up included). */
    public static final String LIVE_THREADS_AT_START = "liveThreadsAtStart";

    /** The sizing's entry for how long the warm-up took, in seconds, its drain included. */
    public static final String WARM_UP_SECONDS = "warmUpSeconds";

    /** The sizing's entry for whether the warm-up ended with the services steady (false: at its cap). */
    public static final String WARM_UP_STEADY = "warmUpSteady";

    /** The sizing's entry for the requests the warm-up answered. */
    public static final String WARM_UP_REQUESTS = "warmUpRequests";

    /**
     * How a warm-up ended, as the sizing keeps it: in the types results.json reads back, so that a result read
     * from its file equals the one written (a count as an int, which is how a number that fits one reads).
     */
    public static Map<String, Object> warmUpSizing(double seconds, boolean steady, long requests) {
        return Map.of(
                WARM_UP_SECONDS, seconds,
                WARM_UP_STEADY, steady,
                WARM_UP_REQUESTS, Math.toIntExact(requests));
    }

    /** How long the warm-up took, in seconds; empty in results written before warm-ups were judged. */
    public OptionalDouble warmUpSeconds() {
        return sizing.number(WARM_UP_SECONDS);
    }

    /** Whether the warm-up reached its cap before the services were steady; false where it ended steady or unknown. */
    public boolean warmUpShortOfSteady() {
        return sizing.flag(WARM_UP_STEADY).equals(Optional.of(false));
    }

    /** The live threads of the entry service once started, before any load; empty in results written before it. */
    public OptionalInt liveThreadsAtStart() {
        return sizing.whole(LIVE_THREADS_AT_START);
    }

    public boolean ok() {
        return status == VariantStatus.OK;
    }

    /** A variant of the given name, to be filled in by name; it ran (OK) unless {@link Builder#failed} says otherwise. */
    public static Builder custom(String name) {
        return new Builder(name);
    }

    /** A builder holding every figure of the given variant, to change some of them. */
    public static Builder from(VariantResult variant) {
        Builder builder = new Builder(variant.name);
        builder.summary = variant.summary;
        builder.origin = variant.origin;
        builder.cpus = variant.cpus;
        builder.status = variant.status;
        builder.failure = variant.failure;
        builder.sizing = variant.sizing;
        builder.properties = variant.properties;
        builder.steps = variant.steps;
        builder.forks = variant.forks;
        return builder;
    }

    /** Sets a variant's figures by name; sizing, properties and steps are empty where not set. */
    public static final class Builder {
        private final String name;
        private String summary = "";
        private String origin;
        private int cpus;
        private VariantStatus status = VariantStatus.OK;
        private String failure;
        private Sizing sizing = Sizing.NONE;
        private Map<String, String> properties = Map.of();
        private List<StepResult> steps = List.of();
        private List<VariantResult> forks = List.of();

        private Builder(String name) {
            this.name = name;
        }

        public Builder summary(String summary) {
            this.summary = summary;
            return this;
        }

        public Builder origin(String origin) {
            this.origin = origin;
            return this;
        }

        public Builder cpus(int cpus) {
            this.cpus = cpus;
            return this;
        }

        public Builder status(VariantStatus status) {
            this.status = status;
            return this;
        }

        /** It did not run to its end, for this reason. */
        public Builder failed(String failure) {
            this.status = VariantStatus.FAILED;
            this.failure = failure;
            return this;
        }

        public Builder failure(String failure) {
            this.failure = failure;
            return this;
        }

        public Builder sizing(Map<String, ?> sizing) {
            return sizing(Sizing.of(sizing));
        }

        public Builder sizing(Sizing sizing) {
            this.sizing = sizing;
            return this;
        }

        public Builder properties(Map<String, String> properties) {
            this.properties = properties;
            return this;
        }

        public Builder steps(List<StepResult> steps) {
            this.steps = steps;
            return this;
        }

        /** Each fork's own run, where the variant ran in several: its steps are then theirs together. */
        public Builder forks(List<VariantResult> forks) {
            this.forks = forks;
            return this;
        }

        public VariantResult build() {
            if (name == null || name.isBlank()) {
                throw new IllegalStateException("a variant needs its name");
            }
            if (status == null) {
                throw new IllegalStateException("variant " + name + " needs a status");
            }
            if (forks != null && forks.stream().anyMatch(VariantResult::forked)) {
                throw new IllegalStateException(
                        "variant " + name + ": a fork is one JVM's run, with no forks of its own");
            }
            return new VariantResult(name, summary, origin, cpus, status, failure, sizing, properties, steps, forks);
        }
    }
}
