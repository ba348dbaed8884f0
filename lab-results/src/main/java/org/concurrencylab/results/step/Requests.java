package org.concurrencylab.results.step;

import java.util.Map;

/**
 * @param failedByKind failures by kind: TIMEOUT, CONNECTION_ERROR, HTTP_5XX, HTTP_4XX, NOT_SENT, OTHER_ERROR;
 *                     and {@link #INVALID_STATUS} in a step another engine drove
 */
public record Requests(long sent, long ok, long failed, Map<String, Long> failedByKind) {

    /** A status outside 2xx and 3xx, counted by an engine that does not say which (Hyperfoil's "invalid"). */
    public static final String INVALID_STATUS = "INVALID_STATUS";

    /** The requests the client gave up on at its timeout. */
    public long timedOut() {
        return failedByKind.getOrDefault("TIMEOUT", 0L);
    }
}
