package org.concurrencylab.agent;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What {@code -javaagent:lab-agent.jar=key=value,...} may say, validated: an unknown key or a bad value
 * stops the JVM before the application starts, with the reason.
 *
 * @param portFile where to write the port the probe answers on, once it does; none: printed to stderr
 * @param interval how often the threads are sampled
 * @param capacity how many samples are kept (the oldest go first)
 * @param parentPid a process whose end ends the application too (the lab that started it, killed with
 *                  no chance to stop what it started); none: the application lives on its own
 * @param probe     whether to probe at all ({@code probe=off}: only the parent is watched, for a run that
 *                  measures what the probe costs against the same application without it)
 * @param profile   whether to profile where the application's CPU goes ({@code profile=on}; off unless said):
 *                  async-profiler, 100 samples a second of CPU, where it runs (Linux and macOS)
 */
public record AgentOptions(
        Optional<Path> portFile,
        Duration interval,
        int capacity,
        OptionalLong parentPid,
        boolean probe,
        boolean profile) {

    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(100);
    /** Ten minutes at the default interval: longer than any step the lab reads at once. */
    public static final int DEFAULT_CAPACITY = 6000;

    public AgentOptions {
        if (interval.toMillis() < 10 || interval.toMillis() > 10_000) {
            throw new IllegalArgumentException(
                    "lab-agent: interval-ms must be from 10 to 10000, not " + interval.toMillis());
        }
        if (capacity < 10 || capacity > 1_000_000) {
            throw new IllegalArgumentException("lab-agent: capacity must be from 10 to 1000000, not " + capacity);
        }
        if (profile && !probe) {
            throw new IllegalArgumentException("lab-agent: profile=on needs the probe, which probe=off switched off");
        }
        if (!probe && parentPid.isEmpty()) {
            throw new IllegalArgumentException(
                    "lab-agent: probe=off leaves it nothing to do but watch a parent-pid, and none was given");
        }
    }

    public static AgentOptions parse(String arguments) {
        Map<String, String> given = new LinkedHashMap<>();
        if (arguments != null && !arguments.isBlank()) {
            for (String pair : arguments.split(",")) {
                int equals = pair.indexOf('=');
                if (equals <= 0) {
                    throw new IllegalArgumentException(
                            "lab-agent: options are key=value, separated by commas; not '" + pair + "'");
                }
                given.put(
                        pair.substring(0, equals).trim(),
                        pair.substring(equals + 1).trim());
            }
        }
        Optional<Path> portFile = Optional.ofNullable(given.remove("port-file")).map(Path::of);
        Duration interval = Optional.ofNullable(given.remove("interval-ms"))
                .map(value -> Duration.ofMillis(number("interval-ms", value)))
                .orElse(DEFAULT_INTERVAL);
        int capacity = Optional.ofNullable(given.remove("capacity"))
                .map(value -> (int) number("capacity", value))
                .orElse(DEFAULT_CAPACITY);
        boolean probe = onOrOff(given.remove("probe"), "probe", true);
        boolean profile = onOrOff(given.remove("profile"), "profile", false);
        String parent = given.remove("parent-pid");
        OptionalLong parentPid = parent == null ? OptionalLong.empty() : OptionalLong.of(number("parent-pid", parent));
        if (!given.isEmpty()) {
            throw new IllegalArgumentException(
                    "lab-agent: unknown option '" + given.keySet().iterator().next()
                            + "'; it knows port-file, interval-ms, capacity, parent-pid, probe and profile");
        }
        return new AgentOptions(portFile, interval, capacity, parentPid, probe, profile);
    }

    private static boolean onOrOff(String value, String key, boolean unsaid) {
        if (value == null) {
            return unsaid;
        }
        if (!value.equals("on") && !value.equals("off")) {
            throw new IllegalArgumentException("lab-agent: " + key + " is on or off, not '" + value + "'");
        }
        return value.equals("on");
    }

    private static long number(String key, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("lab-agent: " + key + " must be a whole number, not '" + value + "'");
        }
    }
}
