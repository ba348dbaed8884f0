package org.concurrencylab.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What a running service reported of its own configuration, by key: pool sizes ({@code tomcatMaxThreads}), its
 * JDK and Spring Boot, the work one request does, how its warm-up ended. The keys are the service's own (each
 * probe reports those it knows), so they are read by name and kind, and an entry of another kind reads as absent.
 * In results.json a map of names to values, as before this type.
 *
 * @param entries each reported value by its key, in the order reported: a number, a text or true/false
 */
public record Sizing(Map<String, Object> entries) {

    public static final Sizing NONE = new Sizing(Map.of());

    public Sizing {
        entries = entries == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static Sizing of(Map<String, ?> entries) {
        return new Sizing(entries == null ? Map.of() : new LinkedHashMap<>(entries));
    }

    @JsonValue
    @Override
    public Map<String, Object> entries() {
        return entries;
    }

    /** The entry as a number; empty where absent or not a number. */
    public OptionalDouble number(String key) {
        return entries.get(key) instanceof Number number
                ? OptionalDouble.of(number.doubleValue())
                : OptionalDouble.empty();
    }

    /** The entry as a whole number; empty where absent, not a number, or beyond an int. */
    public OptionalInt whole(String key) {
        return entries.get(key) instanceof Number number
                        && number.doubleValue() == Math.rint(number.doubleValue())
                        && Math.abs(number.doubleValue()) <= Integer.MAX_VALUE
                ? OptionalInt.of(number.intValue())
                : OptionalInt.empty();
    }

    /** The entry as a text, whatever its kind; empty where absent. */
    public Optional<String> text(String key) {
        return Optional.ofNullable(entries.get(key)).map(String::valueOf);
    }

    /** The entry as true or false; empty where absent or of another kind. */
    public Optional<Boolean> flag(String key) {
        return entries.get(key) instanceof Boolean flag ? Optional.of(flag) : Optional.empty();
    }

    public boolean has(String key) {
        return entries.containsKey(key);
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** These entries and {@code more}, {@code more}'s value where both have a key. */
    public Sizing with(Map<String, ?> more) {
        Map<String, Object> merged = new LinkedHashMap<>(entries);
        merged.putAll(more);
        return new Sizing(merged);
    }
}
