package org.concurrencylab.runner.study;

/**
 * Which of a variant's JVMs a run is, and how its findings, logs and time budget name it: by the variant's name
 * alone where the study runs one fork, else with the fork's number.
 *
 * @param index 1 for the first fork
 * @param count how many forks the study runs of each variant
 */
record Fork(int index, int count) {

    Fork {
        if (index < 1 || index > count) {
            throw new IllegalArgumentException("fork " + index + " of " + count);
        }
    }

    /** "as-is", or "as-is, fork 2 of 3". */
    String label(String variant) {
        return count == 1 ? variant : variant + ", fork " + index + " of " + count;
    }

    /** Who a finding names: "The study", or "The study, in fork 2 of 3". */
    String who(String subject) {
        return count == 1 ? subject : subject + ", in fork " + index + " of " + count;
    }

    /** A file of this fork's: "as-is", or "as-is.fork-2". */
    String fileName(String variant) {
        return count == 1 ? variant : variant + ".fork-" + index;
    }
}
