package org.concurrencylab.runner.environment;

import java.nio.file.Path;
import org.concurrencylab.results.VariantResult;

/** What the runner tells while it works; the CLI draws it, tests ignore it. */
public interface RunProgress {

    RunProgress SILENT = new RunProgress() {};

    default void note(String message) {}

    default void variantStarted(String experiment, String variant, int index, int count) {}

    default void phase(String variant, String phase) {}

    default void stepStarted(String variant, String load, int requests) {}

    /** From the load's user threads: keep it cheap. */
    default void requestDone(boolean failed) {}

    default void variantFinished(VariantResult result) {}

    /** The variants that have finished so far are on disk, in {@code directory}'s results.json. */
    default void variantWritten(Path directory) {}

    /** An experiment's results are on disk: {@code written} of {@code planned} experiments so far. */
    default void experimentWritten(String experiment, int written, int planned, Path directory) {}
}
