package org.concurrencylab.study;

import static org.concurrencylab.study.StudyKeys.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.concurrencylab.catalog.Defaults;
import org.concurrencylab.driver.RequestMix;
import org.concurrencylab.driver.RequestTemplate;
import org.concurrencylab.results.capacity.CapacityTarget;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.study.StudyFile.Invalid;
import tools.jackson.databind.JsonNode;

/**
 * A study file's tree read into a {@link Study}, key by key as {@link StudyKeys} names them: a key it does not
 * know, a value of the wrong kind or two keys that exclude each other are one line naming the key.
 */
final class StudyFileReader {

    private final Path file;
    private final YamlValues values;

    private StudyFileReader(Path file) {
        this.file = file;
        this.values = new YamlValues(file);
    }

    static Study read(Path file, JsonNode root) {
        return new StudyFileReader(file).study(root);
    }

    /** A request's body from a file, relative to the study file: a regular file of 1 MiB at most. */
    static String body(Path file, Path body) {
        return BoundedYaml.text(file, body, BODY_FILE + ": ");
    }

    private Study study(JsonNode root) {
        values.onlyKeys(root, NAMES, "");
        Study.Builder study = Study.custom(jar(root));
        requests(root, study);
        steps(root, study);
        runOptions(root, study);
        services(root, study);
        configurations(root, study);
        if (root.has(CHECKS)) {
            JsonNode checks = root.get(CHECKS);
            if (!checks.isArray()) {
                throw values.invalid(CHECKS + ": a list of checks, each with its users and at least one limit");
            }
            for (int i = 0; i < checks.size(); i++) {
                study.check(check(checks.get(i), CHECKS + "[" + (i + 1) + "]"));
            }
        }
        return study.build();
    }

    private Path jar(JsonNode root) {
        Path jar = file.toAbsolutePath()
                .getParent()
                .resolve(values.text(root, APPLICATION, ""))
                .normalize();
        if (!Files.isRegularFile(jar)) {
            throw values.invalid(APPLICATION + ": no jar at " + jar + " (a path is relative to the study file)");
        }
        return jar;
    }

    private void requests(JsonNode root, Study.Builder study) {
        if (root.has(REQUESTS)) {
            String alone =
                    REQUEST.stream().filter(root::has).sorted().findFirst().orElse(null);
            if (alone != null) {
                throw values.invalid(alone + " and " + REQUESTS + ": a study sends one request or several; give its "
                        + alone + " under one of the requests");
            }
            study.requests(mix(root.get(REQUESTS)));
            return;
        }
        if (root.has(PATH)) {
            study.path(values.text(root, PATH, ""));
        }
        study.request(request(root, ""));
    }

    private void steps(JsonNode root, Study.Builder study) {
        if (root.has(USERS) && root.has(RATES)) {
            throw values.invalid(USERS + " and " + RATES
                    + ": a study's steps are users (closed) or arrivals a second (open), one or the other");
        }
        if (root.has(USERS)) {
            study.users(values.integers(root.get(USERS), USERS));
        }
        if (root.has(RATES)) {
            study.rates(values.integers(root.get(RATES), RATES));
        }
        if (root.has(STEP_SECONDS)) {
            study.stepLength(values.seconds(root.get(STEP_SECONDS), STEP_SECONDS));
        }
        if (root.has(THINK_SECONDS)) {
            study.thinkTime(values.seconds(root.get(THINK_SECONDS), THINK_SECONDS));
        }
        if (root.has(WARM_UP)) {
            JsonNode warmUp = root.get(WARM_UP);
            values.onlyKeys(warmUp, WARM_UP_KEYS, WARM_UP + ".");
            study.warmUp(
                    warmUp.has(USERS)
                            ? values.integer(warmUp.get(USERS), WARM_UP + "." + USERS)
                            : Defaults.STUDY_WARM_UP_USERS,
                    warmUp.has(SECONDS)
                            ? values.seconds(warmUp.get(SECONDS), WARM_UP + "." + SECONDS)
                            : Defaults.STUDY_WARM_UP);
        }
        if (root.has(CONNECTIONS)) {
            try {
                study.connections(Connections.ofLabel(values.text(root, CONNECTIONS, "")));
            } catch (IllegalArgumentException e) {
                throw values.invalid(e.getMessage());
            }
        }
        if (root.has(REQUEST_TIMEOUT_SECONDS)) {
            study.requestTimeout(values.seconds(root.get(REQUEST_TIMEOUT_SECONDS), REQUEST_TIMEOUT_SECONDS));
        }
    }

    private void runOptions(JsonNode root, Study.Builder study) {
        if (root.has(BUDGET_SECONDS)) {
            study.budget(values.seconds(root.get(BUDGET_SECONDS), BUDGET_SECONDS));
        }
        if (root.has(FORKS)) {
            study.forks(values.integer(root.get(FORKS), FORKS));
        }
        if (root.has(AGENT_COST)) {
            study.agentCost(values.trueOrFalse(root, AGENT_COST));
        }
        if (root.has(TARGET)) {
            try {
                study.target(CapacityTarget.parse(values.text(root, TARGET, "")));
            } catch (IllegalArgumentException e) {
                throw values.invalid(TARGET + ": " + e.getMessage());
            }
        }
        if (root.has(CHECK_PROJECTION)) {
            study.checkProjection(values.trueOrFalse(root, CHECK_PROJECTION));
        }
        if (root.has(VERIFY)) {
            study.verify(values.trueOrFalse(root, VERIFY));
        }
    }

    /** What the lab serves beside the application: its database and its downstreams' stand-ins. */
    private void services(JsonNode root, Study.Builder study) {
        if (root.has(DATABASE)) {
            String database = values.text(root, DATABASE, "");
            if (!database.equals(Study.POSTGRESQL)) {
                throw values.invalid(
                        DATABASE + ": " + Study.POSTGRESQL + " is the one the lab starts, not " + database);
            }
            study.database(database);
        }
        if (root.has(DOWNSTREAMS)) {
            JsonNode downstreams = root.get(DOWNSTREAMS);
            if (!downstreams.isObject()) {
                throw values.invalid(DOWNSTREAMS + ": a map of names to stand-ins");
            }
            for (Map.Entry<String, JsonNode> entry : downstreams.properties()) {
                study.downstream(downstream(entry.getKey(), entry.getValue()));
            }
        }
    }

    /** The JVM's options, the properties every variant gets, and the variants' own. */
    private void configurations(JsonNode root, Study.Builder study) {
        if (root.has(PROPERTIES)) {
            values.properties(root.get(PROPERTIES), PROPERTIES).forEach(study::property);
        }
        if (root.has(JVM_OPTIONS)) {
            JsonNode options = root.get(JVM_OPTIONS);
            if (!options.isArray()) {
                throw values.invalid(JVM_OPTIONS + ": a list of the JVM's options, e.g. [-Xmx2g, -XX:+UseZGC]");
            }
            for (JsonNode option : options) {
                if (!option.isString()) {
                    throw values.invalid(JVM_OPTIONS + ": each option is a text, such as -Xmx2g, not " + option);
                }
                study.jvmOption(option.stringValue());
            }
        }
        if (root.has(VARIANTS)) {
            JsonNode variants = root.get(VARIANTS);
            if (!variants.isObject()) {
                throw values.invalid(VARIANTS + ": a map of variant names to their Spring properties");
            }
            for (Map.Entry<String, JsonNode> variant : variants.properties()) {
                study.variant(
                        variant.getKey(),
                        variant.getValue().isNull()
                                ? Map.of()
                                : values.properties(variant.getValue(), VARIANTS + "." + variant.getKey()));
            }
        }
    }

    /** {@code requests}: a list of requests, each with its path and a weight (1 unless said). */
    private RequestMix mix(JsonNode requests) {
        if (!requests.isArray() || requests.isEmpty()) {
            throw values.invalid(REQUESTS
                    + ": a list of requests, each with its path and a weight, e.g. - {path: /orders/1, weight: 3}");
        }
        List<RequestMix.Part> parts = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            String where = REQUESTS + "[" + (i + 1) + "]";
            JsonNode part = requests.get(i);
            values.onlyKeys(part, REQUEST_OF_SEVERAL, where + ".");
            if (!part.has(PATH)) {
                throw values.invalid(where + ": a request of several says its path");
            }
            try {
                parts.add(RequestMix.Part.of(
                        values.text(part, PATH, where),
                        request(part, where + "."),
                        part.has(WEIGHT) ? values.integer(part.get(WEIGHT), where + "." + WEIGHT) : 1));
            } catch (Invalid e) {
                throw e;
            } catch (IllegalArgumentException e) {
                throw values.invalid(where + ": " + e.getMessage());
            }
        }
        return new RequestMix(parts);
    }

    /** A request's method, headers and body, as {@code node} says them; {@code where} prefixes the keys in an error. */
    private RequestTemplate request(JsonNode node, String where) {
        RequestTemplate.Builder request = RequestTemplate.custom();
        if (node.has(METHOD)) {
            request.method(values.text(node, METHOD, where));
        }
        if (node.has(HEADERS)) {
            values.properties(node.get(HEADERS), where + HEADERS).forEach((name, value) -> {
                if (value.equals(StudyFileWriter.REDACTED)) {
                    throw values.invalid(where + HEADERS + "." + name
                            + ": the lab wrote this file without the header's value; give it "
                            + "again, or as ${VARIABLE} to take it from the environment");
                }
                request.header(name, value);
            });
        }
        if (node.has(BODY) && node.has(BODY_FILE)) {
            throw values.invalid(where + BODY + " and " + where + BODY_FILE + ": one or the other");
        }
        if (node.has(BODY)) {
            JsonNode body = node.get(BODY);
            if (!body.isString()) {
                throw values.invalid(where + BODY + ": a text (a JSON body in quotes, or a YAML block: body: |)");
            }
            request.body(body.stringValue());
        }
        if (node.has(BODY_FILE)) {
            Path body = file.toAbsolutePath()
                    .getParent()
                    .resolve(values.text(node, BODY_FILE, where))
                    .normalize();
            request.body(body(file, body));
        }
        return request.build();
    }

    private StudyCheck check(JsonNode check, String where) {
        values.onlyKeys(check, StudyKeys.CHECK, where + ".");
        if (check.has(USERS) == check.has(RATE)) {
            throw values.invalid(where + ": a check names its step by its users, or in a study of rates by its rate");
        }
        try {
            return new StudyCheck(
                    values.optionalText(check, VARIANT, "").orElse(null),
                    check.has(USERS)
                            ? StudyCheck.Step.users(values.integer(check.get(USERS), where + "." + USERS))
                            : StudyCheck.Step.rate(values.integer(check.get(RATE), where + "." + RATE)),
                    values.optionalNumber(check, P95_AT_MOST_MS, where),
                    values.optionalNumber(check, P99_AT_MOST_MS, where),
                    values.optionalNumber(check, FAILED_AT_MOST_PERCENT, where),
                    values.optionalNumber(check, THROUGHPUT_AT_LEAST_PERCENT, where),
                    values.optionalText(check, SAME_OR_BETTER_THAN, "").orElse(null));
        } catch (Invalid e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw values.invalid(where + ": " + e.getMessage());
        }
    }

    private StudyDownstream downstream(String name, JsonNode node) {
        String where = DOWNSTREAMS + "." + name + ".";
        if (!node.isObject()) {
            throw values.invalid(DOWNSTREAMS + "." + name + ": a map with " + PROPERTY + " and " + LATENCY_MS);
        }
        for (String key : node.propertyNames()) {
            if (!StudyKeys.DOWNSTREAM.contains(key)) {
                throw values.invalid(where + key + ": not a key of a downstream; it takes "
                        + String.join(
                                ", ", StudyKeys.DOWNSTREAM.stream().sorted().toList()));
            }
        }
        double millis = values.number(node.get(LATENCY_MS), where + LATENCY_MS);
        try {
            return new StudyDownstream(
                    name,
                    values.text(node, PROPERTY, where),
                    Duration.ofNanos(Math.round(millis * 1e6)),
                    node.has(DISTRIBUTION)
                            ? StudyDownstream.Distribution.ofLabel(values.text(node, DISTRIBUTION, where))
                            : StudyDownstream.Distribution.FIXED,
                    values.optionalText(node, BODY, where).orElse(null));
        } catch (IllegalArgumentException e) {
            throw values.invalid(where.substring(0, where.length() - 1) + ": " + e.getMessage());
        }
    }
}
