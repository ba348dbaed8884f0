package org.concurrencylab.results;

import java.util.Map;

/** @param failedByKind failures by kind: TIMEOUT, CONNECTION_ERROR, HTTP_5XX, HTTP_4XX, OTHER_ERROR */
public record Requests(long sent, long ok, long failed, Map<String, Long> failedByKind) {
}
