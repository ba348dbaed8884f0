package org.concurrencylab.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How a variant's run ended; written as its label, as results.json always had it. */
public enum VariantStatus {
    /** It started, was warmed up and measured at every step. */
    OK("ok"),
    /** It did not start, or a step could not be measured: {@link VariantResult#failure()} says why. */
    FAILED("failed");

    private final String label;

    VariantStatus(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    @JsonCreator
    public static VariantStatus ofLabel(String label) {
        for (VariantStatus status : values()) {
            if (status.label.equals(label)) {
                return status;
            }
        }
        throw new IllegalArgumentException("a variant's status is ok or failed, not " + label);
    }
}
