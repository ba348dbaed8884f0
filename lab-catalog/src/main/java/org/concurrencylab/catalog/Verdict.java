package org.concurrencylab.catalog;

/** A claim's outcome on this run, with the measured numbers that decided it. */
public record Verdict(Status status, String evidence) {

    public enum Status {
        REPRODUCED("reproduced"), NOT_REPRODUCED("not reproduced"), NOT_APPLICABLE("not applicable");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public static Verdict of(boolean holds, String evidence) {
        return new Verdict(holds ? Status.REPRODUCED : Status.NOT_REPRODUCED, evidence);
    }

    public static Verdict notApplicable(String why) {
        return new Verdict(Status.NOT_APPLICABLE, why);
    }
}
