package org.concurrencylab.study;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * A stand-in for an HTTP service a studied application calls: the lab serves it on a port of its own on
 * 127.0.0.1 and gives the application its root address, {@code http://127.0.0.1:<port>}, in {@code property};
 * every call, whatever its path and method, is answered 200 after
 * {@code latency} with {@code body}. A sweep varies the latency with the knob
 * {@code downstream.<name>.latency-ms}.
 *
 * @param name         how the study and the knob name it: lower-case letters, digits and dashes
 * @param property     the application's property that holds the service's base address
 * @param latency      how long each call waits: exactly, or on average for {@link Distribution#EXPONENTIAL}
 * @param distribution how each call's wait is drawn
 * @param body         what each call answers, as JSON ({@code {}} unless said)
 */
public record StudyDownstream(String name, String property, Duration latency, Distribution distribution, String body) {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,39}");
    private static final Pattern PROPERTY = Pattern.compile("[A-Za-z0-9_.\\-\\[\\]]{1,200}");
    /** The longest latency a stand-in waits: ten minutes, far beyond any request timeout. */
    public static final Duration MAX_LATENCY = Duration.ofMinutes(10);
    /** The knob that varies a stand-in's latency in a sweep, before its name: {@code downstream.<name>.latency-ms}. */
    public static final String KNOB_PREFIX = "downstream.";

    public static final String KNOB_SUFFIX = ".latency-ms";

    public enum Distribution {
        FIXED("fixed"),
        EXPONENTIAL("exponential");

        private final String label;

        Distribution(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Distribution ofLabel(String label) {
            for (Distribution distribution : values()) {
                if (distribution.label.equals(label)) {
                    return distribution;
                }
            }
            throw new IllegalArgumentException(
                    "a stand-in's distribution is fixed or exponential, not '" + label + "'");
        }
    }

    public StudyDownstream {
        Objects.requireNonNull(distribution, "distribution");
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(
                    "a downstream's name is lower-case letters, digits and dashes, at most 40, not '" + name + "'");
        }
        if (property == null || !PROPERTY.matcher(property).matches()) {
            throw new IllegalArgumentException(
                    "downstream " + name + ": its property is the application's property that holds its address");
        }
        if (latency == null || latency.isNegative() || latency.compareTo(MAX_LATENCY) > 0) {
            throw new IllegalArgumentException(
                    "downstream " + name + ": its latency is 0 to " + MAX_LATENCY.toMillis() + " ms");
        }
        body = body == null ? "{}" : body;
        try {
            JSON.readTree(body);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("downstream " + name + ": its body is what the stand-in answers as "
                    + "application/json, so JSON, such as {\"price\": 42}; this one is not ("
                    + e.getOriginalMessage().lines().findFirst().orElse("") + ")");
        }
    }

    /** The stand-in a key such as {@code downstream.quotes.latency-ms} sets the latency of; none for any other key. */
    public static Optional<String> latencyKnobOf(String key) {
        return key.startsWith(KNOB_PREFIX)
                        && key.endsWith(KNOB_SUFFIX)
                        && key.length() > KNOB_PREFIX.length() + KNOB_SUFFIX.length()
                ? Optional.of(key.substring(KNOB_PREFIX.length(), key.length() - KNOB_SUFFIX.length()))
                : Optional.empty();
    }

    /** The knob that varies this stand-in's latency in a sweep. */
    public String knob() {
        return KNOB_PREFIX + name + KNOB_SUFFIX;
    }
}
