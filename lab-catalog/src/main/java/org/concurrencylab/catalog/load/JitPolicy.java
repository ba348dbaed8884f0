package org.concurrencylab.catalog.load;

import java.util.List;

/**
 * How the service JVMs compile. A JVM keeps its C2 compiler busy for tens of seconds after start-up,
 * and on a small machine that compiler takes the cores the requests need: measured here, 0.5-0.9 of
 * a core during blocking-io's 100-user steps, when the whole request path needs less than half of
 * one. C1 alone compiles the request path within the warm-up and then stays quiet; its code is
 * slower, which only matters where CPU speed is the subject.
 */
public enum JitPolicy {

    /** Tiered compilation up to C2, the JVM's default: for experiments whose subject is CPU speed. */
    FULL("full", List.of()),

    /** C1 only: quick to warm, quiet after, for experiments whose subject is waiting, not computing. */
    C1_ONLY("c1", List.of("-XX:TieredStopAtLevel=1"));

    private final String label;
    private final List<String> jvmFlags;

    JitPolicy(String label, List<String> jvmFlags) {
        this.label = label;
        this.jvmFlags = jvmFlags;
    }

    public String label() {
        return label;
    }

    public List<String> jvmFlags() {
        return jvmFlags;
    }

    public static JitPolicy ofLabel(String label) {
        for (JitPolicy policy : values()) {
            if (policy.label.equals(label)) {
                return policy;
            }
        }
        throw new IllegalArgumentException("the JIT policy must be c1 or full, not " + label);
    }
}
