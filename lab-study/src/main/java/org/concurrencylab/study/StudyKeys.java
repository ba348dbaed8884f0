package org.concurrencylab.study;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.concurrencylab.catalog.Defaults;

/**
 * The keys of a study file, each spelt once: the top-level keys with their kind, default and meaning (which
 * {@code ./lab docs} and the reader's errors show), and the keys of what nests under them. The reader takes these
 * and no others; the writer writes no others.
 */
public final class StudyKeys {

    /** One key a study file takes: its name, the kind of value, its default, and what it says. */
    public record Key(String name, String type, String defaultValue, String meaning) {}

    public static final String APPLICATION = "application";

    public static final String PATH = "path";

    public static final String METHOD = "method";

    public static final String HEADERS = "headers";

    public static final String BODY = "body";

    public static final String BODY_FILE = "body-file";

    public static final String REQUESTS = "requests";

    public static final String USERS = "users";

    public static final String RATES = "rates";

    public static final String STEP_SECONDS = "step-seconds";

    public static final String THINK_SECONDS = "think-seconds";

    public static final String WARM_UP = "warm-up";

    public static final String CONNECTIONS = "connections";

    public static final String REQUEST_TIMEOUT_SECONDS = "request-timeout-seconds";

    public static final String BUDGET_SECONDS = "budget-seconds";

    public static final String FORKS = "forks";

    public static final String AGENT_COST = "agent-cost";

    public static final String TARGET = "target";

    public static final String DATABASE = "database";

    public static final String DOWNSTREAMS = "downstreams";

    public static final String CHECK_PROJECTION = "check-projection";

    public static final String VERIFY = "verify";

    public static final String PROPERTIES = "properties";

    public static final String JVM_OPTIONS = "jvm-options";

    public static final String VARIANTS = "variants";

    public static final String CHECKS = "checks";

    /** Keys of a warm-up, a check, a stand-in, or one request of several, beside those spelt above. */
    public static final String SECONDS = "seconds";

    public static final String WEIGHT = "weight";

    public static final String VARIANT = "variant";

    public static final String RATE = "rate";

    public static final String P95_AT_MOST_MS = "p95-at-most-ms";

    public static final String P99_AT_MOST_MS = "p99-at-most-ms";

    public static final String FAILED_AT_MOST_PERCENT = "failed-at-most-percent";

    public static final String THROUGHPUT_AT_LEAST_PERCENT = "throughput-at-least-percent";

    public static final String SAME_OR_BETTER_THAN = "same-or-better-than";

    public static final String PROPERTY = "property";

    public static final String LATENCY_MS = "latency-ms";

    public static final String DISTRIBUTION = "distribution";

    public static final List<Key> TOP_LEVEL = List.of(
            new Key(APPLICATION, "path", "required", "the application's jar, relative to the study file"),
            new Key(PATH, "text", "required unless `requests`", "the one request's path, from `/`, with its query"),
            new Key(METHOD, "text", "GET", "the one request's HTTP method"),
            new Key(
                    HEADERS,
                    "map of text",
                    "none",
                    "the one request's headers; a value may be `${VARIABLE}`, read from the environment"),
            new Key(BODY, "text", "none", "the one request's body"),
            new Key(
                    BODY_FILE,
                    "path",
                    "none",
                    "the one request's body from a regular file of 1 MiB at most, relative to the study file"),
            new Key(
                    REQUESTS,
                    "list of requests",
                    "one request",
                    "several requests sent by weight, each with `path`, `method`, "
                            + "`headers`, `body` or `body-file`, and `weight` (1 unless said)"),
            new Key(
                    USERS,
                    "list of integers",
                    Defaults.STUDY_USERS.toString(),
                    "closed steps: each step's users, rising, at most " + Defaults.MAX_USERS),
            new Key(
                    RATES,
                    "list of integers",
                    "none",
                    "open steps in place of `users`: arrivals a second, rising; a step schedules " + "at most "
                            + Defaults.MAX_REQUESTS_PER_STEP + " requests"),
            new Key(STEP_SECONDS, "number", seconds(Defaults.STUDY_STEP), "how long each step is held"),
            new Key(
                    THINK_SECONDS,
                    "number",
                    "0",
                    "what each user waits after an answer before its next request (closed steps)"),
            new Key(
                    WARM_UP,
                    "map: `users`, `seconds`",
                    "users " + Defaults.STUDY_WARM_UP_USERS + ", seconds " + seconds(Defaults.STUDY_WARM_UP),
                    "the load before anything is measured: it ends once the application is steady (at least "
                            + String.format(Locale.ROOT, "%,d", Defaults.WARM_UP_REQUESTS_C2)
                            + " requests answered, " + Defaults.WARM_UP_REQUESTS_C1
                            + " where `jvm-options` stop it at C1, its JIT under "
                            + Math.round(100 * Defaults.JIT_BUSY_SHARE_OF_A_CORE) + " % of a core and two "
                            + Defaults.STUDY_WARM_UP_WINDOW.toSeconds() + "-s windows' throughput within "
                            + Math.round(100 * Defaults.STEADY_THROUGHPUT) + " %), at most `seconds`"),
            new Key(
                    CONNECTIONS,
                    "`new-per-request` or `keep-alive`",
                    "keep-alive",
                    "how each user holds its connections"),
            new Key(
                    REQUEST_TIMEOUT_SECONDS,
                    "number",
                    seconds(Defaults.STUDY_REQUEST_TIMEOUT),
                    "a request not answered by then failed"),
            new Key(
                    BUDGET_SECONDS,
                    "number",
                    seconds(Defaults.STUDY_BUDGET),
                    "what one fork of a variant may take, start-up included; no step starts that would overrun it"),
            new Key(
                    FORKS,
                    "integer",
                    Integer.toString(Defaults.STUDY_FORKS),
                    "how many JVMs each variant runs in, 1 to " + Defaults.MOST_FORKS
                            + ", interleaved across the variants: each figure is their mean with its "
                            + Defaults.CONFIDENCE_PERCENT + " % interval; 1 gives figures without one"),
            new Key(
                    AGENT_COST,
                    "true or false",
                    "false",
                    "measure what the lab's agent costs the application, at the heaviest clean step"),
            new Key(
                    TARGET,
                    "text",
                    "none",
                    "the machine to project the capacity model onto: `cpus=8` or `cpus=8,rate=2000` (cores as "
                            + "fast as this machine's; the rate a second it is to serve)"),
            new Key(
                    DATABASE,
                    "text",
                    "none",
                    "`postgresql`: the lab starts an empty PostgreSQL of its own for the study and gives the "
                            + "application `spring.datasource.url`, `username` and (in its environment) `password`; "
                            + "the application's own schema tooling (Flyway, Liquibase, `spring.sql.init`) fills it"),
            new Key(
                    DOWNSTREAMS,
                    "map of name to stand-in",
                    "none",
                    "stand-ins for the HTTP services the application calls, each with `property` (the "
                            + "application's property for its base address), `latency-ms`, `distribution` (`fixed` "
                            + "or `exponential`, fixed unless said) and `body` (JSON, `{}` unless said); a sweep "
                            + "varies one with the knob `downstream.<name>.latency-ms`"),
            new Key(
                    CHECK_PROJECTION,
                    "true or false",
                    "false",
                    "first test the capacity model on this machine: the first variant held to half its cores by "
                            + "an affinity mask (Linux), the lab's driver on the rest; its model carried onto every "
                            + "core, run there, and the prediction's error reported"),
            new Key(
                    VERIFY,
                    "true or false",
                    Boolean.toString(Defaults.STUDY_VERIFY),
                    "where a pool that a Spring property sizes held the load back, run a second variant at the size "
                            + "the capacity model asks for and hold its prediction against the measurement"),
            new Key(PROPERTIES, "map of Spring properties", "none", "given to every variant"),
            new Key(
                    JVM_OPTIONS,
                    "list of texts",
                    "none",
                    "options every variant's JVM starts with, before `-jar`: `-Xmx2g`, `-XX:+UseZGC`, ... (the lab "
                            + "sets the agent itself)"),
            new Key(
                    VARIANTS,
                    "map of name to Spring properties",
                    "one variant, `as-is`",
                    "the configurations to compare, each in its own JVM"),
            new Key(
                    CHECKS,
                    "list of checks",
                    "none",
                    "pass or fail verdicts for CI; each names its step by `users` (or `rate`), "
                            + "optionally a `variant`, and at least one of `p95-at-most-ms`, `p99-at-most-ms`, `failed-at-most-percent`, "
                            + "`throughput-at-least-percent`, `same-or-better-than`"));

    static final Set<String> NAMES = TOP_LEVEL.stream().map(Key::name).collect(Collectors.toUnmodifiableSet());

    /** What one request says, alone at the top of the file or as one of {@code requests}. */
    static final Set<String> REQUEST = Set.of(PATH, METHOD, HEADERS, BODY, BODY_FILE);

    static final Set<String> REQUEST_OF_SEVERAL = Set.of(PATH, METHOD, HEADERS, BODY, BODY_FILE, WEIGHT);

    static final Set<String> WARM_UP_KEYS = Set.of(USERS, SECONDS);

    static final Set<String> CHECK = Set.of(
            VARIANT,
            USERS,
            RATE,
            P95_AT_MOST_MS,
            P99_AT_MOST_MS,
            FAILED_AT_MOST_PERCENT,
            THROUGHPUT_AT_LEAST_PERCENT,
            SAME_OR_BETTER_THAN);

    static final Set<String> DOWNSTREAM = Set.of(PROPERTY, LATENCY_MS, DISTRIBUTION, BODY);

    private StudyKeys() {}

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0
                ? Long.toString(duration.toSeconds())
                : Double.toString(duration.toMillis() / 1e3);
    }
}
