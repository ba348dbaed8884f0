package org.concurrencylab.catalog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.concurrencylab.catalog.claim.Claim;
import org.concurrencylab.catalog.claim.DeclaredNames;
import org.concurrencylab.catalog.claim.Finding;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.NotChecked;
import org.concurrencylab.catalog.load.Calibration;
import org.concurrencylab.catalog.load.JitPolicy;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.WarmUp;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.ScaleRange;
import org.concurrencylab.results.step.Connections;

/**
 * One article's system, declared: what runs, under which load, and what the article claimed.
 * Durations and rates are the article's (S = 1); the runner scales them. Declare one with
 * {@link #custom(String)}: what an experiment does not say comes from {@link Defaults}.
 *
 * @param service           the service module that implements the system
 * @param path              what the load requests, e.g. {@code /users/2505}
 * @param downstream        the simulator the service calls, started once for all variants
 * @param chain             services of the system that the entry service calls, started for every variant
 * @param database          a real database the services use, started once for all variants
 * @param downstreamLatency D, the time one downstream call takes
 * @param requestTimeout    the client's per-request timeout
 * @param defaultCpus       the processor count the services see by default: the article's machine, or none
 *                          (this machine's own) where emulating it would only oversubscribe real cores
 * @param connections       how the article's client held its connections
 * @param jit               how the service JVMs compile
 * @param findings          sentences this run's numbers tell about this machine, beside the claims
 * @param calibration       a value the first variant measures and the others reuse, if any
 * @param sweeps            sweeps with the knee their physics gives, decided as claims by {@code ./lab sweep}
 * @param notChecked        what the article states that no claim checks, each with what checking it would take
 * @param operatingPoint    where the experiment runs against the article's figures and why, in a sentence (the
 *                          rates and times the load gives here, what sets them, how they map to the article's);
 *                          empty where the load is the article's own
 */
public record Experiment(
        String name,
        String title,
        String seedFile,
        String summary,
        String service,
        String path,
        Optional<Downstream> downstream,
        Duration downstreamLatency,
        Duration requestTimeout,
        OptionalInt defaultCpus,
        double defaultScale,
        WarmUp warmUp,
        List<LoadStep> steps,
        List<Variant> variants,
        List<Claim> claims,
        List<Finding> findings,
        Optional<Calibration> calibration,
        Connections connections,
        JitPolicy jit,
        List<ChainedService> chain,
        Optional<Database> database,
        List<SweepClaim> sweeps,
        List<NotChecked> notChecked,
        String operatingPoint)
        implements DeclaredNames {

    public Experiment {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(service, name + ": service");
        Objects.requireNonNull(path, name + ": path");
        Objects.requireNonNull(downstreamLatency, name + ": D");
        Objects.requireNonNull(warmUp, name + ": warm-up");
        if (steps.isEmpty() || variants.isEmpty()) {
            throw new IllegalArgumentException(name + ": an experiment needs at least one load step and one variant");
        }
        ScaleRange.problem(defaultScale).ifPresent(problem -> {
            throw new IllegalArgumentException(name + ": its scale " + problem);
        });
        if (defaultCpus.isPresent() && defaultCpus.getAsInt() < 1) {
            throw new IllegalArgumentException(
                    name + ": an experiment's services see at least 1 CPU, not " + defaultCpus.getAsInt());
        }
        if (new HashSet<>(variants.stream().map(Variant::name).toList()).size() != variants.size()) {
            throw new IllegalArgumentException(name + ": two variants share a name");
        }
        steps = List.copyOf(steps);
        variants = List.copyOf(variants);
        claims = List.copyOf(claims);
        findings = List.copyOf(findings);
        chain = List.copyOf(chain);
        sweeps = List.copyOf(sweeps);
        notChecked = List.copyOf(notChecked);
        operatingPoint = operatingPoint == null ? "" : operatingPoint.strip();
        if (new HashSet<>(chain.stream().map(ChainedService::name).toList()).size() != chain.size()) {
            throw new IllegalArgumentException(name + ": two chained services share a name");
        }
    }

    /** A new declaration; what it does not set comes from {@link Defaults}. */
    public static Builder custom(String name) {
        return new Builder(name);
    }

    /** This declaration, to change a few things (a test's shorter load, say). */
    public Builder toBuilder() {
        Builder builder = new Builder(name);
        builder.title = title;
        builder.seedFile = seedFile;
        builder.summary = summary;
        builder.service = service;
        builder.path = path;
        builder.downstream = downstream;
        builder.downstreamLatency = downstreamLatency;
        builder.requestTimeout = requestTimeout;
        builder.defaultCpus = defaultCpus;
        builder.defaultScale = defaultScale;
        builder.warmUp = warmUp;
        builder.steps = steps;
        builder.variants = variants;
        builder.claims = claims;
        builder.findings = findings;
        builder.calibration = calibration;
        builder.connections = connections;
        builder.jit = jit;
        builder.chain = chain;
        builder.database = database;
        builder.sweeps = sweeps;
        builder.notChecked = notChecked;
        builder.operatingPoint = operatingPoint;
        return builder;
    }

    /** The processor count the services see when the run does not say: {@link #defaultCpus}, resolved on this machine. */
    public int defaultCpusOn(int machineCpus) {
        return defaultCpus.orElse(machineCpus);
    }

    /**
     * What its variants share, in the order they start: the database before the simulator, so that
     * whatever is warmed up finds what it needs already there; stopped in the reverse order.
     */
    public List<SharedComponent> sharedComponents() {
        List<SharedComponent> components = new ArrayList<>();
        database.ifPresent(components::add);
        downstream.ifPresent(components::add);
        return List.copyOf(components);
    }

    public Optional<Variant> variant(String variantName) {
        return variants.stream()
                .filter(variant -> variant.name().equals(variantName))
                .findFirst();
    }

    @Override
    public boolean declaresVariant(String variantName) {
        return variant(variantName).isPresent();
    }

    @Override
    public boolean samplesThreadsAfterLoad(String variantName) {
        return variant(variantName).map(Variant::threadsAfterLoad).orElse(false);
    }

    @Override
    public boolean declaresLoad(String label) {
        return step(label).isPresent();
    }

    /** The load step of this label ("100x10"), if the experiment declares one. */
    public Optional<LoadStep> step(String label) {
        return steps.stream().filter(step -> step.label().equals(label)).findFirst();
    }

    /** The load a declared sweep runs: its own, or the step of this experiment it names. */
    public Optional<LoadStep> loadOf(SweepClaim sweep) {
        return sweep.ownLoad().or(() -> step(sweep.load()));
    }

    public List<String> variantNames() {
        return variants.stream().map(Variant::name).toList();
    }

    /** Builds an {@link Experiment}; {@link #build()} checks that it is complete. */
    public static final class Builder {
        private final String name;
        private String title = "";
        private String seedFile = "";
        private String summary = "";
        private String service;
        private String path;
        private Optional<Downstream> downstream = Optional.empty();
        private Duration downstreamLatency;
        private Duration requestTimeout = Defaults.REQUEST_TIMEOUT;
        private OptionalInt defaultCpus = OptionalInt.of(Defaults.CPUS);
        private double defaultScale = Defaults.SCALE;
        private WarmUp warmUp;
        private List<LoadStep> steps = List.of();
        private List<Variant> variants = List.of();
        private List<Claim> claims = List.of();
        private List<Finding> findings = List.of();
        private Optional<Calibration> calibration = Optional.empty();
        private Connections connections = Defaults.CONNECTIONS;
        private JitPolicy jit = Defaults.JIT;
        private List<ChainedService> chain = List.of();
        private Optional<Database> database = Optional.empty();
        private List<SweepClaim> sweeps = List.of();
        private List<NotChecked> notChecked = List.of();
        private String operatingPoint = "";

        private Builder(String name) {
            this.name = name;
        }

        /** The article's title, its file among the seeds, and what the experiment shows in one sentence. */
        public Builder article(String title, String seedFile, String summary) {
            this.title = title;
            this.seedFile = seedFile;
            this.summary = summary;
            return this;
        }

        /** The service module that implements the system, and the path the load requests. */
        public Builder service(String service, String path) {
            this.service = service;
            this.path = path;
            return this;
        }

        public Builder downstream(Downstream downstream) {
            this.downstream = Optional.of(downstream);
            return this;
        }

        /** D, the article's downstream latency (S = 1). */
        public Builder downstreamLatency(Duration d) {
            this.downstreamLatency = d;
            return this;
        }

        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = timeout;
            return this;
        }

        /** The CPUs the services see by default: the article's machine. */
        public Builder cpus(int cpus) {
            this.defaultCpus = OptionalInt.of(cpus);
            return this;
        }

        /** The services see this machine's own CPUs: emulating the article's would only oversubscribe real cores. */
        public Builder cpusOfThisMachine() {
            this.defaultCpus = OptionalInt.empty();
            return this;
        }

        public Builder scale(double scale) {
            this.defaultScale = scale;
            return this;
        }

        public Builder warmUp(WarmUp warmUp) {
            this.warmUp = warmUp;
            return this;
        }

        public Builder steps(LoadStep... steps) {
            this.steps = List.of(steps);
            return this;
        }

        public Builder steps(List<LoadStep> steps) {
            this.steps = List.copyOf(steps);
            return this;
        }

        public Builder variants(List<Variant> variants) {
            this.variants = List.copyOf(variants);
            return this;
        }

        public Builder claims(List<Claim> claims) {
            this.claims = List.copyOf(claims);
            return this;
        }

        public Builder findings(List<Finding> findings) {
            this.findings = List.copyOf(findings);
            return this;
        }

        public Builder calibration(Calibration calibration) {
            this.calibration = Optional.of(calibration);
            return this;
        }

        /** How the article's client held its connections. */
        public Builder connections(Connections connections) {
            this.connections = connections;
            return this;
        }

        public Builder jit(JitPolicy jit) {
            this.jit = jit;
            return this;
        }

        /** Services the entry service calls, each started for every variant before it. */
        public Builder chain(ChainedService... services) {
            this.chain = List.of(services);
            return this;
        }

        public Builder database(Database database) {
            this.database = Optional.of(database);
            return this;
        }

        /** Sweeps with the knee the physics gives, run by {@code ./lab sweep <experiment>}: too long for the default run. */
        public Builder sweeps(SweepClaim... sweeps) {
            this.sweeps = List.of(sweeps);
            return this;
        }

        /** What the article states that no claim checks, each with what checking it would take. */
        /** Where the experiment runs against the article's figures, and why: {@code ./lab list --claims} shows it. */
        public Builder operatingPoint(String operatingPoint) {
            this.operatingPoint = operatingPoint;
            return this;
        }

        public Builder notChecked(NotChecked... items) {
            this.notChecked = List.of(items);
            return this;
        }

        /**
         * @throws IllegalArgumentException when a claim's chart or its check names a variant, load or chart
         *                                  kind the experiment does not declare: a typo fails here, by name,
         *                                  rather than reading "not applicable" in every run
         */
        public Experiment build() {
            Experiment experiment = new Experiment(
                    name,
                    title,
                    seedFile,
                    summary,
                    service,
                    path,
                    downstream,
                    downstreamLatency,
                    requestTimeout,
                    defaultCpus,
                    defaultScale,
                    warmUp,
                    steps,
                    variants,
                    claims,
                    findings,
                    calibration,
                    connections,
                    jit,
                    chain,
                    database,
                    sweeps,
                    notChecked,
                    operatingPoint);
            experiment.claims().forEach(experiment::checkReferences);
            experiment.sweeps().forEach(experiment::checkReferences);
            experiment.findings().forEach(experiment::checkReferences);
            return experiment;
        }
    }

    private void checkReferences(SweepClaim sweep) {
        String where = name + ": sweep " + sweep.id() + " ";
        if (variant(sweep.variant()).isEmpty()) {
            throw new IllegalArgumentException(
                    where + "varies variant '" + sweep.variant() + "', which " + name + " does not declare");
        }
        LoadStep load = loadOf(sweep)
                .orElseThrow(() -> new IllegalArgumentException(
                        where + "runs load '" + sweep.load() + "', which " + name + " does not declare"));
        boolean open = load instanceof LoadStep.Open;
        if (Knob.USERS.equals(sweep.knob().name()) && open
                || Knob.RATE.equals(sweep.knob().name()) && !open) {
            throw new IllegalArgumentException(where + "varies the "
                    + sweep.knob().name() + " of load " + load.label() + ", which is " + (open ? "open" : "closed"));
        }
    }

    private void checkReferences(Finding finding) {
        try {
            finding.describe(Measurements.nothingRanOf(this, downstreamLatency()));
        } catch (Measurements.UnknownReference unknown) {
            throw new IllegalArgumentException(name + ": finding " + finding.id() + " " + unknown.getMessage());
        }
    }

    private void checkReferences(Claim claim) {
        String where = name + ": claim " + claim.id() + " ";
        if (claim.chart() != null) {
            try {
                ChartRef.Kind.ofLabel(claim.chart().kind());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + "shows " + e.getMessage());
            }
            if (step(claim.chart().load()).isEmpty()) {
                throw new IllegalArgumentException(
                        where + "shows load '" + claim.chart().load() + "', which " + name + " does not declare");
            }
            claim.chart().variants().stream()
                    .filter(variant -> variant(variant).isEmpty())
                    .findFirst()
                    .ifPresent(variant -> {
                        throw new IllegalArgumentException(
                                where + "shows variant '" + variant + "', which " + name + " does not declare");
                    });
        }
        try {
            claim.evaluate(Measurements.nothingRanOf(this, downstreamLatency()));
        } catch (Measurements.UnknownReference unknown) {
            throw new IllegalArgumentException(where + unknown.getMessage());
        }
        if (claim.threshold() == null || claim.threshold().isBlank()) {
            // ./lab list --claims shows a user what a run will hold its figures to before they run it
            throw new IllegalArgumentException(where + "says nothing of what it is checked at (Claim.checkedAt)");
        }
    }
}
