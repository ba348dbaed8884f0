package org.concurrencylab.results.capacity;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.concurrencylab.results.interval.Interval;

/**
 * A variant's capacity model: what one request costs each resource it uses (CPU, every pool that counts
 * itself, the users' own pace), the throughput each allows at its present size, and the one that saturates
 * first, decided over all at once (the operational bottleneck law: X is at most every resource's size over its
 * hold). The holds are read at the heaviest step where nothing held the load back, so that they are holds and
 * not holds plus a wait; the limit is decided at the heaviest step.
 *
 * @param variant            the variant it models
 * @param holdsFrom          the step the holds were read at
 * @param decidedAt          the step the limit was decided at: the study's heaviest
 * @param throughputPerSecond what that step served
 * @param serviceCpuMillis   c: the service's own CPU per request (its background left out), what the cores of
 *                           another machine would spend, read at the heaviest step whose cores were not busy; empty
 *                           where the CPU was not read
 * @param resources          every resource on this machine, at the heaviest step's load; the cores count every
 *                           process of the request path here, the lab's load driver included
 * @param limit              the resource allowing the least at the heaviest step; {@code users} or
 *                           {@code arrivals} where the load itself was the limit
 * @param explainedShare     what the heaviest step served over what its limit allows: near 1 where the model
 *                           explains the step; well below where something it does not count held it back
 * @param notModelled        what the model leaves out that the step showed (a lock threads waited on, pools that
 *                           count nothing over JMX), in words; null where nothing
 * @param downstreams        what each request spends in the services it calls; empty where it calls none the lab
 *                           serves
 * @param projection         the model on the user's target; null where none was named
 * @param check              the advice measured again; null where it was not (no pool held the load back, it has
 *                           no property, or the user said {@code --no-verify})
 * @param forks              how many forks' models this one is the mean of: each figure then their mean, with its
 *                           interval beside it; 1 for one fork, and in results written before forks
 * @param notToldApart       the resources the forks could not tell apart from the limit at its step: what each
 *                           allows overlaps what the limit allows, so either may be the one that saturates first;
 *                           empty where the limit stands alone, or for one fork
 * @param throughputPerSecondInterval what that step served, its interval over the forks; null for one fork
 * @param serviceCpuMillisInterval    c's interval over the forks; null for one fork, or where c was not read
 */
public record ServiceCapacity(
        String variant,
        String holdsFrom,
        String decidedAt,
        double throughputPerSecond,
        OptionalDouble serviceCpuMillis,
        List<ResourceDemand> resources,
        String limit,
        double explainedShare,
        String notModelled,
        List<DownstreamDemand> downstreams,
        CapacityProjection projection,
        CapacityCheck check,
        int forks,
        List<String> notToldApart,
        Interval throughputPerSecondInterval,
        Interval serviceCpuMillisInterval) {

    public ServiceCapacity {
        serviceCpuMillis = serviceCpuMillis == null ? OptionalDouble.empty() : serviceCpuMillis;
        resources = resources == null ? List.of() : List.copyOf(resources);
        downstreams = downstreams == null ? List.of() : List.copyOf(downstreams);
        forks = Math.max(1, forks);
        notToldApart = notToldApart == null ? List.of() : List.copyOf(notToldApart);
    }

    /** The resource of that name. */
    public Optional<ResourceDemand> resource(String name) {
        return resources.stream()
                .filter(resource -> resource.name().equals(name))
                .findFirst();
    }

    public ServiceCapacity withProjection(CapacityProjection projected) {
        return from(this).projection(projected).build();
    }

    public ServiceCapacity withCheck(CapacityCheck measured) {
        return from(this).check(measured).build();
    }

    /** Whether its figures are means over several forks' models, each with its interval. */
    public boolean forked() {
        return forks > 1;
    }

    /** A model of {@code variant}, to be filled in by name. */
    public static Builder custom(String variant) {
        return new Builder(variant);
    }

    /** A builder holding every figure of the given model, to change some of them. */
    public static Builder from(ServiceCapacity model) {
        Builder builder = new Builder(model.variant);
        builder.holdsFrom = model.holdsFrom;
        builder.decidedAt = model.decidedAt;
        builder.throughputPerSecond = model.throughputPerSecond;
        builder.serviceCpuMillis = model.serviceCpuMillis;
        builder.resources = model.resources;
        builder.limit = model.limit;
        builder.explainedShare = model.explainedShare;
        builder.notModelled = model.notModelled;
        builder.downstreams = model.downstreams;
        builder.projection = model.projection;
        builder.check = model.check;
        builder.forks = model.forks;
        builder.notToldApart = model.notToldApart;
        builder.throughputPerSecondInterval = model.throughputPerSecondInterval;
        builder.serviceCpuMillisInterval = model.serviceCpuMillisInterval;
        return builder;
    }

    public static final class Builder {
        private final String variant;
        private String holdsFrom;
        private String decidedAt;
        private double throughputPerSecond;
        private OptionalDouble serviceCpuMillis = OptionalDouble.empty();
        private List<ResourceDemand> resources = List.of();
        private String limit;
        private double explainedShare;
        private String notModelled;
        private List<DownstreamDemand> downstreams = List.of();
        private CapacityProjection projection;
        private CapacityCheck check;
        private int forks = 1;
        private List<String> notToldApart = List.of();
        private Interval throughputPerSecondInterval;
        private Interval serviceCpuMillisInterval;

        private Builder(String variant) {
            this.variant = variant;
        }

        /** The step the holds were read at. */
        public Builder holdsFrom(String step) {
            this.holdsFrom = step;
            return this;
        }

        /** The step the limit was decided at, and what it served. */
        public Builder decidedAt(String step, double throughputPerSecond) {
            this.decidedAt = step;
            this.throughputPerSecond = throughputPerSecond;
            return this;
        }

        public Builder serviceCpuMillis(OptionalDouble serviceCpuMillis) {
            this.serviceCpuMillis = serviceCpuMillis;
            return this;
        }

        public Builder serviceCpuMillis(double serviceCpuMillis) {
            return serviceCpuMillis(OptionalDouble.of(serviceCpuMillis));
        }

        public Builder resources(List<ResourceDemand> resources) {
            this.resources = resources;
            return this;
        }

        /** The resource allowing the least, and the share of that the step served. */
        public Builder limit(String limit, double explainedShare) {
            this.limit = limit;
            this.explainedShare = explainedShare;
            return this;
        }

        public Builder notModelled(String notModelled) {
            this.notModelled = notModelled;
            return this;
        }

        public Builder downstreams(List<DownstreamDemand> downstreams) {
            this.downstreams = downstreams;
            return this;
        }

        public Builder projection(CapacityProjection projection) {
            this.projection = projection;
            return this;
        }

        public Builder check(CapacityCheck check) {
            this.check = check;
            return this;
        }

        /**
         * A model of {@code forks} forks' models: its step's throughput and c with their intervals over them, and the
         * resources the intervals do not tell apart from its limit.
         */
        public Builder acrossForks(
                int forks,
                Interval throughputPerSecondInterval,
                Interval serviceCpuMillisInterval,
                List<String> notToldApart) {
            this.forks = forks;
            this.throughputPerSecondInterval = throughputPerSecondInterval;
            this.serviceCpuMillisInterval = serviceCpuMillisInterval;
            this.notToldApart = notToldApart;
            return this;
        }

        /** @throws IllegalStateException without the steps or the limit */
        public ServiceCapacity build() {
            if (holdsFrom == null || decidedAt == null || limit == null) {
                throw new IllegalStateException(variant + ": a capacity model names its steps and its limit");
            }
            return new ServiceCapacity(
                    variant,
                    holdsFrom,
                    decidedAt,
                    throughputPerSecond,
                    serviceCpuMillis,
                    resources,
                    limit,
                    explainedShare,
                    notModelled,
                    downstreams,
                    projection,
                    check,
                    forks,
                    notToldApart,
                    throughputPerSecondInterval,
                    serviceCpuMillisInterval);
        }
    }
}
