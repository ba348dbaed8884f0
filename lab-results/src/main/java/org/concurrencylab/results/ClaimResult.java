package org.concurrencylab.results;

/** @param status {@code reproduced}, {@code not reproduced}, {@code not decided} or {@code not applicable} */
public record ClaimResult(String id, String text, String status, String evidence) {
}
