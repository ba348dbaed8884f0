package org.concurrencylab.study;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.catalog.load.JitPolicy;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.driver.RequestMix;
import org.concurrencylab.driver.RequestTemplate;
import org.concurrencylab.results.capacity.CapacityTarget;
import org.concurrencylab.results.step.Connections;

/**
 * The articles' method declared for an application the lab did not build: its jar, the requests the load
 * sends, and steps of rising load, each held for a time: closed steps of users, or open steps of arrivals a
 * second. Declare one with
 * {@link #custom(Path)}; what it does not say comes from {@link Defaults}.
 *
 * @param name           the study's name in results: the jar's name without {@code .jar}
 * @param requests       what the users send, each request with its path, as declared: header values may still
 *                       name environment variables ({@link RequestMix#resolved}); one GET of {@code /} unless said
 * @param properties     Spring properties every variant's application is started with, beyond its own configuration
 * @param variants       each variant's own properties, by its name, in the order they run; one, {@value #AS_IS}
 *                       with none, where the study declares no variants
 * @param checks         limits the study's steps are held to, each decided as a claim
 * @param users          each closed step's users, rising; empty in a study of rates
 * @param rates          each open step's arrivals a second, rising; empty in a study of users
 * @param stepLength     how long each step is held
 * @param thinkTime      how long each user waits after an answer before its next request
 * @param budget         what the whole study may take: it stops rising when the next step would not fit
 * @param agentCost      whether to measure what the lab's agent costs the application: its heaviest step
 *                       where nothing held the load back, again with the agent and then without it
 * @param untilHeldBack  whether the steps stop rising at the first one a pool, errors or the machine held
 *                       back; a sweep runs every step it declares, to see the curve past its knee
 * @param target         the machine the capacity model is projected onto; null where none is named
 * @param verify         whether a pool that held the load back, and that a Spring property sizes, is measured again
 *                       at the size the capacity model asks for
 * @param database       the database the lab starts for the application ({@value #POSTGRESQL}), its address given
 *                       as Boot's {@code spring.datasource.*}; null where the application brings its own
 * @param downstreams    stand-ins for the HTTP services the application calls, by name, each given to it in its
 *                       property; a variant's {@code downstream.<name>.latency-ms} sets that stand-in's latency for it
 * @param checkProjection whether to test the capacity model on this machine first: the first variant held to half of
 *                       its cores (an affinity mask), its model carried onto all of them, then run on all of them and
 *                       the prediction's error reported
 * @param jvmOptions     options every variant's JVM is started with, before {@code -jar} (a heap size, a collector, a
 *                       compiler setting), in the order given; none unless said
 * @param forks          how many JVMs each variant runs in, interleaved across the variants: its figures are their
 *                       means with an interval; one runs each variant once and its figures carry no interval
 */
public record Study(
        String name,
        Path jar,
        RequestMix requests,
        Map<String, String> properties,
        Map<String, Map<String, String>> variants,
        List<StudyCheck> checks,
        List<Integer> users,
        List<Integer> rates,
        Duration stepLength,
        Duration thinkTime,
        Duration warmUp,
        int warmUpUsers,
        Duration requestTimeout,
        Connections connections,
        Duration budget,
        boolean agentCost,
        boolean untilHeldBack,
        CapacityTarget target,
        boolean verify,
        String database,
        Map<String, StudyDownstream> downstreams,
        boolean checkProjection,
        List<String> jvmOptions,
        int forks) {

    /** The database a study can ask the lab for: an empty PostgreSQL of the lab's own, with its own password. */
    public static final String POSTGRESQL = "postgresql";

    /** What the lab puts on the application's command line itself: a study's JVM options may not. */
    public static final List<String> LAB_OWNED_JVM_OPTIONS = List.of("-javaagent:", "-jar", "-cp", "-classpath");

    /** The one variant of a study that declares none: the jar as it is. */
    public static final String AS_IS = "as-is";

    public Study {
        Objects.requireNonNull(jar, "jar");
        Objects.requireNonNull(requests, "requests");
        if (requests.parts().getFirst().path().isEmpty()) {
            throw new IllegalArgumentException("a study's request says its path, as in /orders/1");
        }
        if (users.isEmpty() == rates.isEmpty()) {
            throw new IllegalArgumentException("a study's steps are users (closed) or rates (open), one or the other");
        }
        rising(users.isEmpty() ? rates : users, users.isEmpty() ? "rates" : "users");
        if (!users.isEmpty() && users.getLast() > Defaults.MAX_USERS) {
            throw new IllegalArgumentException("a study's users are at most " + Defaults.MAX_USERS
                    + " (each is a thread of the " + "lab's with its own connection); " + users.getLast() + " is more");
        }
        if (!rates.isEmpty()
                && (long) rates.getLast() * Math.max(1, stepLength.toSeconds()) > Defaults.MAX_REQUESTS_PER_STEP) {
            throw new IllegalArgumentException("a study's rates are at most "
                    + Defaults.MAX_REQUESTS_PER_STEP / Math.max(1, stepLength.toSeconds()) + " a second with steps of "
                    + stepLength.toSeconds() + " s (a step keeps "
                    + "a record of each request in memory, " + Defaults.MAX_REQUESTS_PER_STEP + " at most); "
                    + rates.getLast() + " is more");
        }
        if (thinkTime.isNegative()) {
            throw new IllegalArgumentException("a study's think time is zero or more");
        }
        if (!thinkTime.isZero() && !rates.isEmpty()) {
            throw new IllegalArgumentException(
                    "a think time is a closed step's users'; open steps arrive at their rate whatever the answers");
        }
        if (stepLength.toMillis() < 1000
                || warmUp.isNegative()
                || warmUpUsers < 1
                || requestTimeout.toMillis() < 1
                || budget.compareTo(stepLength) < 0) {
            throw new IllegalArgumentException(
                    "a study's steps last 1 s or more, within its budget, after a warm-up of zero or more");
        }
        properties = Map.copyOf(properties);
        users = List.copyOf(users);
        rates = List.copyOf(rates);
        if (variants.isEmpty()) {
            throw new IllegalArgumentException("a study runs at least one variant");
        }
        Map<String, Map<String, String>> ordered = new LinkedHashMap<>();
        variants.forEach((variant, own) -> ordered.put(variant, Map.copyOf(own)));
        variants = Collections.unmodifiableMap(ordered);
        checks = List.copyOf(checks);
        downstreams = Collections.unmodifiableMap(new LinkedHashMap<>(downstreams));
        StudyReferences.resolve(variants, checks, users, rates, downstreams);
        jvmOptions = List.copyOf(jvmOptions);
        for (String option : jvmOptions) {
            if (!option.startsWith("-")
                    || option.isBlank()
                    || LAB_OWNED_JVM_OPTIONS.stream().anyMatch(option::startsWith)) {
                throw new IllegalArgumentException("a study's JVM option is one the JVM takes before -jar, such as "
                        + "-Xmx2g or -XX:+UseZGC, and not one the lab sets itself ("
                        + String.join(", ", LAB_OWNED_JVM_OPTIONS) + "); '" + option + "' is not");
            }
        }
        if (forks < 1 || forks > Defaults.MOST_FORKS) {
            throw new IllegalArgumentException(
                    "a study runs each variant in 1 to " + Defaults.MOST_FORKS + " forks, not " + forks);
        }
        if (database != null && !database.equals(POSTGRESQL)) {
            throw new IllegalArgumentException(
                    "the database a study can ask for is " + POSTGRESQL + ", not '" + database + "'");
        }
    }

    private static void rising(List<Integer> values, String what) {
        if (values.getFirst() < 1) {
            throw new IllegalArgumentException("a study's " + what + " are 1 or more");
        }
        for (int i = 1; i < values.size(); i++) {
            if (values.get(i) <= values.get(i - 1)) {
                throw new IllegalArgumentException(
                        "a study's " + what + " rise from step to step; " + values + " do not");
            }
        }
    }

    /** Whether its steps are open: arrivals at a rate, rather than users who wait for their answers. */
    public boolean open() {
        return users.isEmpty();
    }

    /** A variant's properties: the study's own, then the variant's, which win. */
    public Map<String, String> propertiesOf(String variant) {
        Map<String, String> merged = new LinkedHashMap<>(properties);
        merged.putAll(variants.getOrDefault(variant, Map.of()));
        return merged;
    }

    /** Where the first request goes: the page whose first answer says the application is ready, where no health endpoint does. */
    public String path() {
        return requests.parts().getFirst().path().orElseThrow();
    }

    /** The same study, sending these requests. */
    public Study withRequests(RequestMix sent) {
        return copy(sent, forks);
    }

    /** The same study, each variant run in {@code count} forks. */
    public Study withForks(int count) {
        return copy(requests, count);
    }

    private Study copy(RequestMix sent, int count) {
        return new Study(
                name,
                jar,
                sent,
                properties,
                variants,
                checks,
                users,
                rates,
                stepLength,
                thinkTime,
                warmUp,
                warmUpUsers,
                requestTimeout,
                connections,
                budget,
                agentCost,
                untilHeldBack,
                target,
                verify,
                database,
                downstreams,
                checkProjection,
                jvmOptions,
                count);
    }

    /** A study of the application in {@code jar}: the defaults, asking for {@code /}. */
    public static Builder custom(Path jar) {
        return new Builder(jar);
    }

    /**
     * How the application's JVM compiles, as its options leave it, in the words results use for the
     * experiments' services: {@code interpreter} under {@code -Xint} (or a {@code -XX:TieredStopAtLevel} of 0),
     * {@code c1} where a {@code -XX:TieredStopAtLevel} of 1 to 3 stops it short of C2, else {@code full}. As in
     * the JVM, the last of {@code -Xint} and {@code -Xmixed} wins, and so does the last level.
     */
    public String jit() {
        boolean interpreted = false;
        int level = 4;
        for (String option : jvmOptions) {
            if (option.equals("-Xint") || option.equals("-Xmixed")) {
                interpreted = option.equals("-Xint");
            } else if (option.matches("-XX:TieredStopAtLevel=[0-4]")) {
                level = option.charAt(option.length() - 1) - '0';
            }
        }
        return interpreted || level == 0
                ? Defaults.INTERPRETED
                : level < 4 ? JitPolicy.C1_ONLY.label() : JitPolicy.FULL.label();
    }

    /**
     * The study's steps: closed, all users at once, or open, arrivals at the step's rate; each for the step's
     * length.
     */
    public List<LoadStep> steps() {
        List<LoadStep> steps = new ArrayList<>();
        for (int count : users) {
            steps.add(new LoadStep.Held(count, Duration.ZERO, stepLength, thinkTime));
        }
        for (int rate : rates) {
            steps.add(new LoadStep.Open(rate, stepLength));
        }
        return List.copyOf(steps);
    }

    public static final class Builder {
        private final Path jar;
        private String path;
        private RequestTemplate request;
        private RequestMix requests;
        private final Map<String, String> properties = new LinkedHashMap<>();
        private final Map<String, Map<String, String>> variants = new LinkedHashMap<>();
        private final List<StudyCheck> checks = new ArrayList<>();
        private List<Integer> users;
        private List<Integer> rates;
        private Duration stepLength = Defaults.STUDY_STEP;
        private Duration thinkTime = Duration.ZERO;
        private Duration warmUp = Defaults.STUDY_WARM_UP;
        private int warmUpUsers = Defaults.STUDY_WARM_UP_USERS;
        private Duration requestTimeout = Defaults.STUDY_REQUEST_TIMEOUT;
        private Connections connections = Connections.KEEP_ALIVE;
        private Duration budget = Defaults.STUDY_BUDGET;
        private boolean agentCost;
        private boolean untilHeldBack = true;
        private CapacityTarget target;
        private boolean verify = Defaults.STUDY_VERIFY;
        private String database;
        private final Map<String, StudyDownstream> downstreams = new LinkedHashMap<>();
        private boolean checkProjection;
        private final List<String> jvmOptions = new ArrayList<>();
        private int forks = Defaults.STUDY_FORKS;

        private Builder(Path jar) {
            this.jar = jar;
        }

        public Builder path(String path) {
            this.path = path;
            return this;
        }

        /** What each request sends besides its path: a plain GET unless said. */
        public Builder request(RequestTemplate request) {
            this.request = request;
            return this;
        }

        /** Several requests, each with its path and weight, in place of one {@link #path} and {@link #request}. */
        public Builder requests(RequestMix requests) {
            this.requests = requests;
            return this;
        }

        public Builder property(String key, String value) {
            properties.put(key, value);
            return this;
        }

        /** A variant: the application started with these properties too; without any, the study runs it {@value Study#AS_IS}. */
        public Builder variant(String name, Map<String, String> own) {
            variants.put(name, own);
            return this;
        }

        public Builder check(StudyCheck check) {
            checks.add(check);
            return this;
        }

        /** Closed steps of these users, rising ({@link Defaults#STUDY_USERS} unless said). */
        public Builder users(List<Integer> users) {
            this.users = users;
            return this;
        }

        /** Open steps of these arrivals a second, rising, in place of {@link #users}. */
        public Builder rates(List<Integer> rates) {
            this.rates = rates;
            return this;
        }

        public Builder stepLength(Duration stepLength) {
            this.stepLength = stepLength;
            return this;
        }

        /** Each user waits this long after an answer before its next request, as a person reading the page. */
        public Builder thinkTime(Duration thinkTime) {
            this.thinkTime = thinkTime;
            return this;
        }

        public Builder warmUp(int users, Duration length) {
            this.warmUpUsers = users;
            this.warmUp = length;
            return this;
        }

        public Builder requestTimeout(Duration requestTimeout) {
            this.requestTimeout = requestTimeout;
            return this;
        }

        public Builder connections(Connections connections) {
            this.connections = connections;
            return this;
        }

        public Builder budget(Duration budget) {
            this.budget = budget;
            return this;
        }

        public Builder agentCost(boolean agentCost) {
            this.agentCost = agentCost;
            return this;
        }

        public Builder untilHeldBack(boolean untilHeldBack) {
            this.untilHeldBack = untilHeldBack;
            return this;
        }

        /** The machine to project the capacity model onto; none unless said. */
        public Builder target(CapacityTarget target) {
            this.target = target;
            return this;
        }

        /** Whether to measure a resized pool again ({@link Defaults#STUDY_VERIFY} unless said). */
        public Builder verify(boolean verify) {
            this.verify = verify;
            return this;
        }

        /** A database the lab starts for the application: {@value Study#POSTGRESQL}; none unless said. */
        public Builder database(String database) {
            this.database = database;
            return this;
        }

        /** A stand-in for an HTTP service the application calls. */
        public Builder downstream(StudyDownstream downstream) {
            if (downstreams.putIfAbsent(downstream.name(), downstream) != null) {
                throw new IllegalArgumentException("a study declares downstream " + downstream.name() + " once");
            }
            return this;
        }

        /** Whether to test the capacity model's projection from half this machine's cores to all of them first. */
        public Builder checkProjection(boolean checkProjection) {
            this.checkProjection = checkProjection;
            return this;
        }

        /** Adds an option every variant's JVM is started with, before {@code -jar}. */
        public Builder jvmOption(String option) {
            jvmOptions.add(option);
            return this;
        }

        /** How many JVMs each variant runs in ({@link Defaults#STUDY_FORKS} unless said). */
        public Builder forks(int forks) {
            this.forks = forks;
            return this;
        }

        public Study build() {
            String file = jar.getFileName().toString();
            String name = file.endsWith(".jar") ? file.substring(0, file.length() - ".jar".length()) : file;
            Map<String, Map<String, String>> declared = variants.isEmpty() ? Map.of(AS_IS, Map.of()) : variants;
            if (requests != null && (path != null || request != null)) {
                throw new IllegalArgumentException(
                        "a study declares one request (its path, method, headers, body) or several, not both");
            }
            RequestMix sent = requests != null
                    ? requests
                    : new RequestMix(List.of(RequestMix.Part.of(
                            path == null ? "/" : path, request == null ? RequestTemplate.ofDefaults() : request, 1)));
            if (users != null && rates != null) {
                throw new IllegalArgumentException(
                        "a study's steps are users (closed) or rates (open), one or the other");
            }
            List<Integer> closed = users != null ? users : rates != null ? List.of() : Defaults.STUDY_USERS;
            return new Study(
                    name,
                    jar,
                    sent,
                    properties,
                    declared,
                    checks,
                    closed,
                    rates == null ? List.of() : rates,
                    stepLength,
                    thinkTime,
                    warmUp,
                    warmUpUsers,
                    requestTimeout,
                    connections,
                    budget,
                    agentCost,
                    untilHeldBack,
                    target,
                    verify,
                    database,
                    downstreams,
                    checkProjection,
                    jvmOptions,
                    forks);
        }
    }
}
