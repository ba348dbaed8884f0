package org.concurrencylab.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.driver.RequestMix;
import org.concurrencylab.driver.RequestTemplate;
import org.concurrencylab.results.step.Connections;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * A {@link Study} as a YAML file a team keeps beside its service and runs in CI ({@code ./lab run
 * study.yaml}); the lab writes the study it ran in the same form beside its results. Read strictly, as a
 * load model validates itself: an unknown key, a value of the wrong kind, a path without its slash or a
 * check naming a variant the file does not declare is one line naming the key, before any JVM starts.
 */
public final class StudyFile {

    /** What the lab writes beside a study's results.json. */
    public static final String FILE_NAME = "study.yaml";

    /** Far beyond any hand-written study: a bigger file is not one. */
    static final long MAX_BYTES = 1 << 20;

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .build();
    /** One key a study file takes: its name, the kind of value, its default, and what it says. */
    public record Key(String name, String type, String defaultValue, String meaning) {}

    /** Every key of a study file, in the order a reader meets them; the reader takes these and no others. */
    public static final List<Key> TOP_LEVEL = List.of(
            new Key("application", "path", "required", "the application's jar, relative to the study file"),
            new Key("path", "text", "required unless `requests`", "the one request's path, from `/`, with its query"),
            new Key("method", "text", "GET", "the one request's HTTP method"),
            new Key(
                    "headers",
                    "map of text",
                    "none",
                    "the one request's headers; a value may be `${VARIABLE}`, read from the environment"),
            new Key("body", "text", "none", "the one request's body"),
            new Key(
                    "body-file",
                    "path",
                    "none",
                    "the one request's body from a regular file of 1 MiB at most, relative to the study file"),
            new Key(
                    "requests",
                    "list of requests",
                    "one request",
                    "several requests sent by weight, each with `path`, `method`, "
                            + "`headers`, `body` or `body-file`, and `weight` (1 unless said)"),
            new Key(
                    "users",
                    "list of integers",
                    Defaults.STUDY_USERS.toString(),
                    "closed steps: each step's users, rising, at most " + Defaults.MAX_USERS),
            new Key(
                    "rates",
                    "list of integers",
                    "none",
                    "open steps in place of `users`: arrivals a second, rising; a step schedules " + "at most "
                            + Defaults.MAX_REQUESTS_PER_STEP + " requests"),
            new Key("step-seconds", "number", seconds(Defaults.STUDY_STEP), "how long each step is held"),
            new Key(
                    "think-seconds",
                    "number",
                    "0",
                    "what each user waits after an answer before its next request (closed steps)"),
            new Key(
                    "warm-up",
                    "map: `users`, `seconds`",
                    "users " + Defaults.STUDY_WARM_UP_USERS + ", seconds " + seconds(Defaults.STUDY_WARM_UP),
                    "the load before anything is measured: it ends once the application is steady (at least "
                            + String.format(java.util.Locale.ROOT, "%,d", Defaults.WARM_UP_REQUESTS_C2)
                            + " requests answered, " + Defaults.WARM_UP_REQUESTS_C1
                            + " where `jvm-options` stop it at C1, its JIT under "
                            + Math.round(100 * Defaults.JIT_BUSY_SHARE_OF_A_CORE) + " % of a core and two "
                            + Defaults.STUDY_WARM_UP_WINDOW.toSeconds() + "-s windows' throughput within "
                            + Math.round(100 * Defaults.STEADY_THROUGHPUT) + " %), at most `seconds`"),
            new Key(
                    "connections",
                    "`new-per-request` or `keep-alive`",
                    "keep-alive",
                    "how each user holds its connections"),
            new Key(
                    "request-timeout-seconds",
                    "number",
                    seconds(Defaults.STUDY_REQUEST_TIMEOUT),
                    "a request not answered by then failed"),
            new Key(
                    "budget-seconds",
                    "number",
                    seconds(Defaults.STUDY_BUDGET),
                    "what one fork of a variant may take, start-up included; no step starts that would overrun it"),
            new Key(
                    "forks",
                    "integer",
                    Integer.toString(Defaults.STUDY_FORKS),
                    "how many JVMs each variant runs in, 1 to " + Defaults.MOST_FORKS
                            + ", interleaved across the variants: each figure is their mean with its "
                            + Defaults.CONFIDENCE_PERCENT + " % interval; 1 gives figures without one"),
            new Key(
                    "agent-cost",
                    "true or false",
                    "false",
                    "measure what the lab's agent costs the application, at the heaviest clean step"),
            new Key(
                    "target",
                    "text",
                    "none",
                    "the machine to project the capacity model onto: `cpus=8` or `cpus=8,rate=2000` (cores as "
                            + "fast as this machine's; the rate a second it is to serve)"),
            new Key(
                    "database",
                    "text",
                    "none",
                    "`postgresql`: the lab starts an empty PostgreSQL of its own for the study and gives the "
                            + "application `spring.datasource.url`, `username` and (in its environment) `password`; "
                            + "the application's own schema tooling (Flyway, Liquibase, `spring.sql.init`) fills it"),
            new Key(
                    "downstreams",
                    "map of name to stand-in",
                    "none",
                    "stand-ins for the HTTP services the application calls, each with `property` (the "
                            + "application's property for its base address), `latency-ms`, `distribution` (`fixed` "
                            + "or `exponential`, fixed unless said) and `body` (JSON, `{}` unless said); a sweep "
                            + "varies one with the knob `downstream.<name>.latency-ms`"),
            new Key(
                    "check-projection",
                    "true or false",
                    "false",
                    "first test the capacity model on this machine: the first variant held to half its cores by "
                            + "an affinity mask (Linux), the lab's driver on the rest; its model carried onto every "
                            + "core, run there, and the prediction's error reported"),
            new Key(
                    "verify",
                    "true or false",
                    Boolean.toString(Defaults.STUDY_VERIFY),
                    "where a pool that a Spring property sizes held the load back, run a second variant at the size "
                            + "the capacity model asks for and hold its prediction against the measurement"),
            new Key("properties", "map of Spring properties", "none", "given to every variant"),
            new Key(
                    "jvm-options",
                    "list of texts",
                    "none",
                    "options every variant's JVM starts with, before `-jar`: `-Xmx2g`, `-XX:+UseZGC`, ... (the lab "
                            + "sets the agent itself)"),
            new Key(
                    "variants",
                    "map of name to Spring properties",
                    "one variant, `as-is`",
                    "the configurations to compare, each in its own JVM"),
            new Key(
                    "checks",
                    "list of checks",
                    "none",
                    "pass or fail verdicts for CI; each names its step by `users` (or `rate`), "
                            + "optionally a `variant`, and at least one of `p95-at-most-ms`, `p99-at-most-ms`, `failed-at-most-percent`, "
                            + "`throughput-at-least-percent`, `same-or-better-than`"));

    private static final Set<String> KEYS =
            TOP_LEVEL.stream().map(Key::name).collect(java.util.stream.Collectors.toUnmodifiableSet());
    /** What one request says, alone at the top of the file or as one of {@code requests}. */
    private static final Set<String> REQUEST_KEYS = Set.of("path", "method", "headers", "body", "body-file");

    private static final Set<String> MIX_KEYS = Set.of("path", "method", "headers", "body", "body-file", "weight");
    private static final Set<String> WARM_UP_KEYS = Set.of("users", "seconds");
    private static final Set<String> CHECK_KEYS = Set.of(
            "variant",
            "users",
            "rate",
            "p95-at-most-ms",
            "p99-at-most-ms",
            "failed-at-most-percent",
            "throughput-at-least-percent",
            "same-or-better-than");

    private static String seconds(java.time.Duration duration) {
        return duration.toMillis() % 1000 == 0
                ? Long.toString(duration.toSeconds())
                : Double.toString(duration.toMillis() / 1e3);
    }

    /** What the lab writes in place of a header's literal value that looks like a credential. */
    static final String REDACTED = "<redacted by the lab: give the value again, or as ${VARIABLE}>";

    /** A study file that is not one, with the reason in one line. */
    public static final class Invalid extends IllegalArgumentException {
        Invalid(Path file, String reason) {
            super(file.getFileName() + ": " + reason);
        }
    }

    private StudyFile() {}

    public static Study read(Path file) {
        JsonNode root;
        try {
            String text = boundedText(file, file, "");
            refuseAnchorsAndAliases(file, text);
            root = YAML.readTree(text);
        } catch (JacksonException | org.snakeyaml.engine.v2.exceptions.YamlEngineException e) {
            throw new Invalid(file, "not readable as YAML: " + firstLine(e.getMessage()));
        }
        if (root == null || !root.isObject()) {
            throw new Invalid(file, "a study file is a map of keys (application, path, users, ...)");
        }
        try {
            return study(file, root);
        } catch (Invalid e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new Invalid(file, e.getMessage());
        }
    }

    private static Study study(Path file, JsonNode root) {
        onlyKeys(file, root, KEYS, "");
        String application = string(file, root, "application", true);
        Path jar = file.toAbsolutePath().getParent().resolve(application).normalize();
        if (!Files.isRegularFile(jar)) {
            throw new Invalid(file, "application: no jar at " + jar + " (a path is relative to the study file)");
        }
        Study.Builder study = Study.custom(jar);
        if (root.has("requests")) {
            String alone =
                    REQUEST_KEYS.stream().filter(root::has).sorted().findFirst().orElse(null);
            if (alone != null) {
                throw new Invalid(
                        file,
                        alone + " and requests: a study sends one request or several; give its " + alone
                                + " under one of the requests");
            }
            study.requests(mix(file, root.get("requests")));
        } else {
            if (root.has("path")) {
                study.path(string(file, root, "path", true));
            }
            study.request(request(file, root, ""));
        }
        if (root.has("users") && root.has("rates")) {
            throw new Invalid(
                    file,
                    "users and rates: a study's steps are users (closed) or arrivals a second (open), one or the other");
        }
        if (root.has("users")) {
            study.users(integers(file, root.get("users"), "users"));
        }
        if (root.has("rates")) {
            study.rates(integers(file, root.get("rates"), "rates"));
        }
        if (root.has("step-seconds")) {
            study.stepLength(seconds(file, root.get("step-seconds"), "step-seconds"));
        }
        if (root.has("think-seconds")) {
            study.thinkTime(seconds(file, root.get("think-seconds"), "think-seconds"));
        }
        if (root.has("warm-up")) {
            JsonNode warmUp = root.get("warm-up");
            onlyKeys(file, warmUp, WARM_UP_KEYS, "warm-up.");
            study.warmUp(
                    warmUp.has("users")
                            ? integer(file, warmUp.get("users"), "warm-up.users")
                            : Defaults.STUDY_WARM_UP_USERS,
                    warmUp.has("seconds")
                            ? seconds(file, warmUp.get("seconds"), "warm-up.seconds")
                            : Defaults.STUDY_WARM_UP);
        }
        if (root.has("connections")) {
            String label = string(file, root, "connections", true);
            try {
                study.connections(Connections.ofLabel(label));
            } catch (IllegalArgumentException e) {
                throw new Invalid(file, e.getMessage());
            }
        }
        if (root.has("request-timeout-seconds")) {
            study.requestTimeout(seconds(file, root.get("request-timeout-seconds"), "request-timeout-seconds"));
        }
        if (root.has("budget-seconds")) {
            study.budget(seconds(file, root.get("budget-seconds"), "budget-seconds"));
        }
        if (root.has("forks")) {
            study.forks(integer(file, root.get("forks"), "forks"));
        }
        if (root.has("agent-cost")) {
            if (!root.get("agent-cost").isBoolean()) {
                throw new Invalid(file, "agent-cost: true or false");
            }
            study.agentCost(root.get("agent-cost").booleanValue());
        }
        if (root.has("target")) {
            try {
                study.target(
                        org.concurrencylab.results.capacity.CapacityTarget.parse(string(file, root, "target", true)));
            } catch (IllegalArgumentException e) {
                throw new Invalid(file, "target: " + e.getMessage());
            }
        }
        if (root.has("database")) {
            String database = string(file, root, "database", true);
            if (!database.equals(Study.POSTGRESQL)) {
                throw new Invalid(
                        file, "database: " + Study.POSTGRESQL + " is the one the lab starts, not " + database);
            }
            study.database(database);
        }
        if (root.has("downstreams")) {
            JsonNode downstreams = root.get("downstreams");
            if (!downstreams.isObject()) {
                throw new Invalid(file, "downstreams: a map of names to stand-ins");
            }
            for (Map.Entry<String, JsonNode> entry : downstreams.properties()) {
                study.downstream(downstream(file, entry.getKey(), entry.getValue()));
            }
        }
        if (root.has("check-projection")) {
            if (!root.get("check-projection").isBoolean()) {
                throw new Invalid(file, "check-projection: true or false");
            }
            study.checkProjection(root.get("check-projection").booleanValue());
        }
        if (root.has("verify")) {
            if (!root.get("verify").isBoolean()) {
                throw new Invalid(file, "verify: true or false");
            }
            study.verify(root.get("verify").booleanValue());
        }
        if (root.has("properties")) {
            properties(file, root.get("properties"), "properties").forEach(study::property);
        }
        if (root.has("jvm-options")) {
            JsonNode options = root.get("jvm-options");
            if (!options.isArray()) {
                throw new Invalid(file, "jvm-options: a list of the JVM's options, e.g. [-Xmx2g, -XX:+UseZGC]");
            }
            for (JsonNode option : options) {
                if (!option.isString()) {
                    throw new Invalid(file, "jvm-options: each option is a text, such as -Xmx2g, not " + option);
                }
                study.jvmOption(option.stringValue());
            }
        }
        if (root.has("variants")) {
            JsonNode variants = root.get("variants");
            if (!variants.isObject()) {
                throw new Invalid(file, "variants: a map of variant names to their Spring properties");
            }
            for (Map.Entry<String, JsonNode> variant : variants.properties()) {
                study.variant(
                        variant.getKey(),
                        variant.getValue().isNull()
                                ? Map.of()
                                : properties(file, variant.getValue(), "variants." + variant.getKey()));
            }
        }
        if (root.has("checks")) {
            JsonNode checks = root.get("checks");
            if (!checks.isArray()) {
                throw new Invalid(file, "checks: a list of checks, each with its users and at least one limit");
            }
            for (int i = 0; i < checks.size(); i++) {
                study.check(check(file, checks.get(i), "checks[" + (i + 1) + "]"));
            }
        }
        return study.build();
    }

    /** {@code requests}: a list of requests, each with its path and a weight (1 unless said). */
    private static RequestMix mix(Path file, JsonNode requests) {
        if (!requests.isArray() || requests.isEmpty()) {
            throw new Invalid(
                    file,
                    "requests: a list of requests, each with its path and a weight, e.g. - {path: /orders/1, weight: 3}");
        }
        List<RequestMix.Part> parts = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            String where = "requests[" + (i + 1) + "]";
            JsonNode part = requests.get(i);
            onlyKeys(file, part, MIX_KEYS, where + ".");
            if (!part.has("path")) {
                throw new Invalid(file, where + ": a request of several says its path");
            }
            try {
                parts.add(RequestMix.Part.of(
                        string(file, part, "path", true, where),
                        request(file, part, where + "."),
                        part.has("weight") ? integer(file, part.get("weight"), where + ".weight") : 1));
            } catch (Invalid e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw new Invalid(file, where + ": " + e.getMessage());
            }
        }
        return new RequestMix(parts);
    }

    /** A request's method, headers and body, as {@code node} says them; {@code where} prefixes the keys in an error. */
    private static RequestTemplate request(Path file, JsonNode node, String where) {
        RequestTemplate.Builder request = RequestTemplate.custom();
        if (node.has("method")) {
            request.method(string(file, node, "method", true, where));
        }
        if (node.has("headers")) {
            properties(file, node.get("headers"), where + "headers").forEach((name, value) -> {
                if (value.equals(REDACTED)) {
                    throw new Invalid(
                            file,
                            where + "headers." + name + ": the lab wrote this file without the header's value; give it "
                                    + "again, or as ${VARIABLE} to take it from the environment");
                }
                request.header(name, value);
            });
        }
        if (node.has("body") && node.has("body-file")) {
            throw new Invalid(file, where + "body and " + where + "body-file: one or the other");
        }
        if (node.has("body")) {
            JsonNode body = node.get("body");
            if (!body.isString()) {
                throw new Invalid(file, where + "body: a text (a JSON body in quotes, or a YAML block: body: |)");
            }
            request.body(body.stringValue());
        }
        if (node.has("body-file")) {
            Path body = file.toAbsolutePath()
                    .getParent()
                    .resolve(string(file, node, "body-file", true, where))
                    .normalize();
            request.body(readBody(file, body));
        }
        return request.build();
    }

    /** A request's body from a file, relative to the study file: a regular file of {@link #MAX_BYTES} at most. */
    public static String readBody(Path file, Path body) {
        return boundedText(file, body, "body-file: ");
    }

    /**
     * The text of a regular file of {@link #MAX_BYTES} at most, read no further than that: a device
     * ({@code /dev/zero}) or a FIFO is refused before it is opened, and a file that grows is cut at the limit.
     */
    private static String boundedText(Path file, Path read, String key) {
        if (!Files.isRegularFile(read)) {
            throw new Invalid(
                    file,
                    key
                            + (Files.exists(read)
                                    ? read + " is not a regular file (a device, a FIFO or a folder)"
                                    : "no file at " + read));
        }
        try (java.io.InputStream in = Files.newInputStream(read)) {
            byte[] bytes = in.readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new Invalid(file, key + read + " is larger than " + MAX_BYTES / 1024 + " KB");
            }
            return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new Invalid(file, key + "cannot read " + read + " (" + firstLine(e.getMessage()) + ")");
        }
    }

    /**
     * A study file says each value where it is used: YAML's anchors and aliases ({@code &a}, {@code *a}) are
     * refused, since an alias of a scalar would be read as its name by the reader.
     */
    private static void refuseAnchorsAndAliases(Path file, String text) {
        var events = new org.snakeyaml.engine.v2.api.lowlevel.Parse(
                        org.snakeyaml.engine.v2.api.LoadSettings.builder().build())
                .parseString(text);
        for (org.snakeyaml.engine.v2.events.Event event : events) {
            if (event instanceof org.snakeyaml.engine.v2.events.NodeEvent node
                    && node.getAnchor().isPresent()) {
                throw new Invalid(
                        file,
                        "line "
                                + event.getStartMark()
                                        .map(mark -> mark.getLine() + 1)
                                        .orElse(0)
                                + ": YAML anchors and aliases (&"
                                + node.getAnchor().get() + ", *"
                                + node.getAnchor().get()
                                + ") are not taken: write each value where it is used");
            }
        }
    }

    private static StudyCheck check(Path file, JsonNode check, String where) {
        onlyKeys(file, check, CHECK_KEYS, where + ".");
        if (check.has("users") == check.has("rate")) {
            throw new Invalid(
                    file, where + ": a check names its step by its users, or in a study of rates by its rate");
        }
        try {
            return new StudyCheck(
                    check.has("variant") ? string(file, check, "variant", true) : null,
                    check.has("users")
                            ? StudyCheck.Step.users(integer(file, check.get("users"), where + ".users"))
                            : StudyCheck.Step.rate(integer(file, check.get("rate"), where + ".rate")),
                    optionalNumber(file, check, "p95-at-most-ms", where),
                    optionalNumber(file, check, "p99-at-most-ms", where),
                    optionalNumber(file, check, "failed-at-most-percent", where),
                    optionalNumber(file, check, "throughput-at-least-percent", where),
                    check.has("same-or-better-than") ? string(file, check, "same-or-better-than", true) : null);
        } catch (Invalid e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new Invalid(file, where + ": " + e.getMessage());
        }
    }

    /** The study as its file: what a team would write to run the same study again. */
    public static String write(Study study) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode root = nodes.objectNode();
        root.put("application", study.jar().toString());
        if (study.requests().isMix()) {
            ArrayNode requests = root.putArray("requests");
            for (RequestMix.Part part : study.requests().parts()) {
                ObjectNode node = requests.addObject();
                node.put("path", part.path().orElseThrow());
                putRequest(node, part.request());
                node.put("weight", part.weight());
            }
        } else {
            root.put("path", study.path());
            putRequest(root, study.requests().parts().getFirst().request());
        }
        ArrayNode steps = root.putArray(study.open() ? "rates" : "users");
        (study.open() ? study.rates() : study.users()).forEach(steps::add);
        root.put("step-seconds", study.stepLength().toMillis() / 1000.0);
        if (!study.thinkTime().isZero()) {
            root.put("think-seconds", study.thinkTime().toMillis() / 1000.0);
        }
        ObjectNode warmUp = root.putObject("warm-up");
        warmUp.put("users", study.warmUpUsers());
        warmUp.put("seconds", study.warmUp().toMillis() / 1000.0);
        root.put("connections", study.connections().label());
        root.put("request-timeout-seconds", study.requestTimeout().toMillis() / 1000.0);
        root.put("budget-seconds", study.budget().toMillis() / 1000.0);
        root.put("forks", study.forks());
        root.put("agent-cost", study.agentCost());
        if (study.target() != null) {
            root.put("target", study.target().toString());
        }
        root.put("verify", study.verify());
        if (study.checkProjection()) {
            root.put("check-projection", true);
        }
        if (study.database() != null) {
            root.put("database", study.database());
        }
        if (!study.downstreams().isEmpty()) {
            ObjectNode downstreams = root.putObject("downstreams");
            study.downstreams().forEach((name, downstream) -> {
                ObjectNode node = downstreams.putObject(name);
                node.put("property", downstream.property());
                node.put("latency-ms", downstream.latency().toMillis());
                node.put("distribution", downstream.distribution().label());
                node.put("body", downstream.body());
            });
        }
        if (!study.properties().isEmpty()) {
            ObjectNode properties = root.putObject("properties");
            study.properties().forEach(properties::put);
        }
        if (!study.jvmOptions().isEmpty()) {
            study.jvmOptions().forEach(root.putArray("jvm-options")::add);
        }
        if (!(study.variants().size() == 1 && study.variants().containsKey(Study.AS_IS))) {
            ObjectNode variants = root.putObject("variants");
            study.variants().forEach((name, own) -> {
                ObjectNode variant = variants.putObject(name);
                own.forEach(variant::put);
            });
        }
        if (!study.checks().isEmpty()) {
            ArrayNode checks = root.putArray("checks");
            for (StudyCheck check : study.checks()) {
                ObjectNode node = checks.addObject();
                if (check.variant() != null) {
                    node.put("variant", check.variant());
                }
                node.put(check.step().open() ? "rate" : "users", check.step().value());
                putIfPresent(node, "p95-at-most-ms", check.p95AtMostMillis());
                putIfPresent(node, "p99-at-most-ms", check.p99AtMostMillis());
                putIfPresent(node, "failed-at-most-percent", check.failedAtMostPercent());
                putIfPresent(node, "throughput-at-least-percent", check.throughputAtLeastPercent());
                if (check.sameOrBetterThan() != null) {
                    node.put("same-or-better-than", check.sameOrBetterThan());
                }
            }
        }
        return "# Concurrency Lab study: ./lab run " + FILE_NAME + " runs it again (see README, \"Your own service\")\n"
                + YAML.writeValueAsString(root);
    }

    private static void putRequest(ObjectNode node, RequestTemplate request) {
        if (!request.method().equals("GET")) {
            node.put("method", request.method());
        }
        if (!request.headers().isEmpty()) {
            ObjectNode headers = node.putObject("headers");
            request.headers()
                    .forEach((name, value) ->
                            headers.put(name, mayBeACredential(name) && !value.contains("${") ? REDACTED : value));
        }
        request.body().ifPresent(body -> node.put("body", body));
    }

    /**
     * A header whose value is written only where it names a variable: the study file sits beside the results, which
     * are shared.
     */
    static boolean mayBeACredential(String header) {
        String name = header.toLowerCase(java.util.Locale.ROOT);
        return name.equals("authorization")
                || name.equals("proxy-authorization")
                || name.equals("cookie")
                || java.util.stream.Stream.of("token", "secret", "key", "password", "auth", "session")
                        .anyMatch(name::contains);
    }

    private static void putIfPresent(ObjectNode node, String key, Double value) {
        if (value != null) {
            node.put(key, value);
        }
    }

    private static void onlyKeys(Path file, JsonNode node, Set<String> known, String where) {
        if (!node.isObject()) {
            throw new Invalid(
                    file, (where.isEmpty() ? "the file" : where.substring(0, where.length() - 1)) + ": a map of keys");
        }
        for (String key : node.propertyNames()) {
            if (!known.contains(key)) {
                throw new Invalid(
                        file,
                        "unknown key '" + where + key + "'; it knows "
                                + String.join(", ", known.stream().sorted().toList()));
            }
        }
    }

    private static final Set<String> DOWNSTREAM_KEYS = Set.of("property", "latency-ms", "distribution", "body");

    private static StudyDownstream downstream(Path file, String name, JsonNode node) {
        String where = "downstreams." + name + ".";
        if (!node.isObject()) {
            throw new Invalid(file, "downstreams." + name + ": a map with property and latency-ms");
        }
        for (String key : node.propertyNames()) {
            if (!DOWNSTREAM_KEYS.contains(key)) {
                throw new Invalid(
                        file,
                        where + key + ": not a key of a downstream; it takes "
                                + String.join(", ", new java.util.TreeSet<>(DOWNSTREAM_KEYS)));
            }
        }
        double millis = number(file, node.get("latency-ms"), where + "latency-ms");
        try {
            return new StudyDownstream(
                    name,
                    string(file, node, "property", true, where),
                    Duration.ofNanos(Math.round(millis * 1e6)),
                    node.has("distribution")
                            ? StudyDownstream.Distribution.ofLabel(string(file, node, "distribution", true, where))
                            : StudyDownstream.Distribution.FIXED,
                    node.has("body") ? string(file, node, "body", true, where) : null);
        } catch (IllegalArgumentException e) {
            throw new Invalid(file, where.substring(0, where.length() - 1) + ": " + e.getMessage());
        }
    }

    private static String string(Path file, JsonNode node, String key, boolean required) {
        return string(file, node, key, required, "");
    }

    private static String string(Path file, JsonNode node, String key, boolean required, String where) {
        JsonNode value = node.get(key);
        if (value == null || !value.isString() || value.stringValue().isBlank()) {
            throw new Invalid(file, where + key + ": a text" + (required ? ", and it is required" : ""));
        }
        return value.stringValue();
    }

    private static double number(Path file, JsonNode value, String where) {
        if (value == null || !value.isNumber() || !Double.isFinite(value.asDouble())) {
            throw new Invalid(file, where + ": a number");
        }
        return value.asDouble();
    }

    /** A time the file gives in seconds, to the millisecond. */
    private static Duration seconds(Path file, JsonNode value, String where) {
        return Duration.ofMillis(Math.round(1000 * number(file, value, where)));
    }

    private static Double optionalNumber(Path file, JsonNode check, String key, String where) {
        return check.has(key) ? number(file, check.get(key), where + "." + key) : null;
    }

    private static int integer(Path file, JsonNode value, String where) {
        if (value == null || !value.isIntegralNumber() || !value.canConvertToInt()) {
            throw new Invalid(file, where + ": a whole number");
        }
        return value.asInt();
    }

    private static List<Integer> integers(Path file, JsonNode value, String where) {
        if (!value.isArray() || value.isEmpty()) {
            throw new Invalid(file, where + ": a list of whole numbers, rising, e.g. [1, 2, 4, 8]");
        }
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            numbers.add(integer(file, value.get(i), where + "[" + (i + 1) + "]"));
        }
        return numbers;
    }

    /** Spring properties: scalar values, written as the command line would pass them. */
    private static Map<String, String> properties(Path file, JsonNode value, String where) {
        if (!value.isObject()) {
            throw new Invalid(file, where + ": a map of names to values");
        }
        Map<String, String> properties = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> property : value.properties()) {
            if (!property.getValue().isValueNode() || property.getValue().isNull()) {
                throw new Invalid(file, where + "." + property.getKey() + ": a value (text, number or true/false)");
            }
            properties.put(property.getKey(), property.getValue().asString());
        }
        return properties;
    }

    private static String firstLine(String message) {
        return message == null ? "unknown" : message.lines().findFirst().orElse(message);
    }
}
