package org.concurrencylab.study;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.concurrencylab.study.StudyFile.Invalid;
import tools.jackson.databind.JsonNode;

/**
 * A study file's values of each kind, read strictly: a value of another kind is one line naming its key ({@code
 * where}) in {@code file}.
 */
final class YamlValues {

    private final Path file;

    YamlValues(Path file) {
        this.file = file;
    }

    Invalid invalid(String reason) {
        return new Invalid(file, reason);
    }

    /** {@code node} is a map with none but the {@code known} keys; {@code where} is its own key and a dot. */
    void onlyKeys(JsonNode node, Set<String> known, String where) {
        if (!node.isObject()) {
            throw invalid((where.isEmpty() ? "the file" : where.substring(0, where.length() - 1)) + ": a map of keys");
        }
        for (String key : node.propertyNames()) {
            if (!known.contains(key)) {
                throw invalid("unknown key '" + where + key + "'; it knows "
                        + String.join(", ", known.stream().sorted().toList()));
            }
        }
    }

    String text(JsonNode node, String key, String where) {
        JsonNode value = node.get(key);
        if (value == null || !value.isString() || value.stringValue().isBlank()) {
            throw invalid(where + key + ": a text, and it is required");
        }
        return value.stringValue();
    }

    Optional<String> optionalText(JsonNode node, String key, String where) {
        return node.has(key) ? Optional.of(text(node, key, where)) : Optional.empty();
    }

    boolean trueOrFalse(JsonNode node, String key) {
        if (!node.get(key).isBoolean()) {
            throw invalid(key + ": true or false");
        }
        return node.get(key).booleanValue();
    }

    double number(JsonNode value, String where) {
        if (value == null || !value.isNumber() || !Double.isFinite(value.asDouble())) {
            throw invalid(where + ": a number");
        }
        return value.asDouble();
    }

    Double optionalNumber(JsonNode node, String key, String where) {
        return node.has(key) ? number(node.get(key), where + "." + key) : null;
    }

    /** A time the file gives in seconds, to the millisecond. */
    Duration seconds(JsonNode value, String where) {
        return Duration.ofMillis(Math.round(1000 * number(value, where)));
    }

    int integer(JsonNode value, String where) {
        if (value == null || !value.isIntegralNumber() || !value.canConvertToInt()) {
            throw invalid(where + ": a whole number");
        }
        return value.asInt();
    }

    List<Integer> integers(JsonNode value, String where) {
        if (!value.isArray() || value.isEmpty()) {
            throw invalid(where + ": a list of whole numbers, rising, e.g. [1, 2, 4, 8]");
        }
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            numbers.add(integer(value.get(i), where + "[" + (i + 1) + "]"));
        }
        return numbers;
    }

    /** Spring properties: scalar values, written as the command line would pass them. */
    Map<String, String> properties(JsonNode value, String where) {
        if (!value.isObject()) {
            throw invalid(where + ": a map of names to values");
        }
        Map<String, String> properties = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> property : value.properties()) {
            if (!property.getValue().isValueNode() || property.getValue().isNull()) {
                throw invalid(where + "." + property.getKey() + ": a value (text, number or true/false)");
            }
            properties.put(property.getKey(), property.getValue().asString());
        }
        return properties;
    }
}
