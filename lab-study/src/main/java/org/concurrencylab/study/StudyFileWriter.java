package org.concurrencylab.study;

import static org.concurrencylab.study.StudyKeys.*;

import java.time.Duration;
import java.util.Locale;
import java.util.stream.Stream;
import org.concurrencylab.driver.RequestMix;
import org.concurrencylab.driver.RequestTemplate;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@link Study} as the file a team would write to run it again, beside the results the lab shares: every key
 * that {@link StudyFileReader} reads back to the same study, a credential-like header's literal value left out.
 */
final class StudyFileWriter {

    /** What the lab writes in place of a header's literal value that looks like a credential. */
    static final String REDACTED = "<redacted by the lab: give the value again, or as ${VARIABLE}>";

    private StudyFileWriter() {}

    static String write(Study study) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put(APPLICATION, study.jar().toString());
        putRequests(root, study);
        ArrayNode steps = root.putArray(study.open() ? RATES : USERS);
        (study.open() ? study.rates() : study.users()).forEach(steps::add);
        root.put(STEP_SECONDS, seconds(study.stepLength()));
        if (!study.thinkTime().isZero()) {
            root.put(THINK_SECONDS, seconds(study.thinkTime()));
        }
        ObjectNode warmUp = root.putObject(WARM_UP);
        warmUp.put(USERS, study.warmUpUsers());
        warmUp.put(SECONDS, seconds(study.warmUp()));
        root.put(CONNECTIONS, study.connections().label());
        root.put(REQUEST_TIMEOUT_SECONDS, seconds(study.requestTimeout()));
        root.put(BUDGET_SECONDS, seconds(study.budget()));
        root.put(FORKS, study.forks());
        root.put(AGENT_COST, study.agentCost());
        if (study.target() != null) {
            root.put(TARGET, study.target().toString());
        }
        root.put(VERIFY, study.verify());
        if (study.checkProjection()) {
            root.put(CHECK_PROJECTION, true);
        }
        if (study.database() != null) {
            root.put(DATABASE, study.database());
        }
        putServices(root, study);
        putConfigurations(root, study);
        putChecks(root, study);
        return "# Concurrency Lab study: ./lab run " + StudyFile.FILE_NAME
                + " runs it again (see README, \"Your own service\")\n" + BoundedYaml.write(root);
    }

    private static double seconds(Duration duration) {
        return duration.toMillis() / 1000.0;
    }

    private static void putRequests(ObjectNode root, Study study) {
        if (!study.requests().isMix()) {
            root.put(PATH, study.path());
            putRequest(root, study.requests().parts().getFirst().request());
            return;
        }
        ArrayNode requests = root.putArray(REQUESTS);
        for (RequestMix.Part part : study.requests().parts()) {
            ObjectNode node = requests.addObject();
            node.put(PATH, part.path().orElseThrow());
            putRequest(node, part.request());
            node.put(WEIGHT, part.weight());
        }
    }

    private static void putRequest(ObjectNode node, RequestTemplate request) {
        if (!request.method().equals("GET")) {
            node.put(METHOD, request.method());
        }
        if (!request.headers().isEmpty()) {
            ObjectNode headers = node.putObject(HEADERS);
            request.headers()
                    .forEach((name, value) ->
                            headers.put(name, mayBeACredential(name) && !value.contains("${") ? REDACTED : value));
        }
        request.body().ifPresent(body -> node.put(BODY, body));
    }

    private static void putServices(ObjectNode root, Study study) {
        if (study.downstreams().isEmpty()) {
            return;
        }
        ObjectNode downstreams = root.putObject(DOWNSTREAMS);
        study.downstreams().forEach((name, downstream) -> {
            ObjectNode node = downstreams.putObject(name);
            node.put(PROPERTY, downstream.property());
            node.put(LATENCY_MS, downstream.latency().toMillis());
            node.put(DISTRIBUTION, downstream.distribution().label());
            node.put(BODY, downstream.body());
        });
    }

    private static void putConfigurations(ObjectNode root, Study study) {
        if (!study.properties().isEmpty()) {
            ObjectNode properties = root.putObject(PROPERTIES);
            study.properties().forEach(properties::put);
        }
        if (!study.jvmOptions().isEmpty()) {
            study.jvmOptions().forEach(root.putArray(JVM_OPTIONS)::add);
        }
        if (!(study.variants().size() == 1 && study.variants().containsKey(Study.AS_IS))) {
            ObjectNode variants = root.putObject(VARIANTS);
            study.variants().forEach((name, own) -> {
                ObjectNode variant = variants.putObject(name);
                own.forEach(variant::put);
            });
        }
    }

    private static void putChecks(ObjectNode root, Study study) {
        if (study.checks().isEmpty()) {
            return;
        }
        ArrayNode checks = root.putArray(CHECKS);
        for (StudyCheck check : study.checks()) {
            ObjectNode node = checks.addObject();
            if (check.variant() != null) {
                node.put(VARIANT, check.variant());
            }
            node.put(check.step().open() ? RATE : USERS, check.step().value());
            putIfPresent(node, P95_AT_MOST_MS, check.p95AtMostMillis());
            putIfPresent(node, P99_AT_MOST_MS, check.p99AtMostMillis());
            putIfPresent(node, FAILED_AT_MOST_PERCENT, check.failedAtMostPercent());
            putIfPresent(node, THROUGHPUT_AT_LEAST_PERCENT, check.throughputAtLeastPercent());
            if (check.sameOrBetterThan() != null) {
                node.put(SAME_OR_BETTER_THAN, check.sameOrBetterThan());
            }
        }
    }

    /**
     * A header whose value is written only where it names a variable: the study file sits beside the results, which
     * are shared.
     */
    static boolean mayBeACredential(String header) {
        String name = header.toLowerCase(Locale.ROOT);
        return name.equals("authorization")
                || name.equals("proxy-authorization")
                || name.equals("cookie")
                || Stream.of("token", "secret", "key", "password", "auth", "session")
                        .anyMatch(name::contains);
    }

    private static void putIfPresent(ObjectNode node, String key, Double value) {
        if (value != null) {
            node.put(key, value);
        }
    }
}
