package org.concurrencylab.results;

import java.util.Optional;

/**
 * The time scales S a run can have: the one range that the command line, the catalog, the runner and a
 * results file read back are all held to.
 */
public final class ScaleRange {

    /**
     * Below it an article's millisecond becomes less than a microsecond: the HTTP clients' timeouts,
     * counted in milliseconds, and the probe's samples lose the durations they must tell apart.
     */
    public static final double MIN = 0.001;
    /** Ten times the article's own time: runs of hours, and no article's figure needs more. */
    public static final double MAX = 10;

    private ScaleRange() {}

    /** Why {@code scale} is no time scale, or empty when it is one. */
    public static Optional<String> problem(double scale) {
        if (scale >= MIN && scale <= MAX) {
            return Optional.empty();
        }
        return Optional.of("must be from " + MIN + " to " + (int) MAX + " (1 = the article's own time), not " + scale);
    }
}
