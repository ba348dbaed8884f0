package org.concurrencylab.results;

import java.nio.file.Path;
import tools.jackson.databind.node.ObjectNode;

/**
 * results.json's versions, and the one place a file of an older version is brought up to the current one
 * before it is read. Each version's change is a step here; a field that is simply absent in an older file
 * reads as unknown (null) and needs no step.
 * <ol>
 *   <li>every file written before the lab recorded a version (main up to c4de7b5);</li>
 *   <li>{@code run.timeBudget} (absent before: unknown) and {@code schemaVersion} itself;</li>
 *   <li>each study's {@code capacity} (absent before: no model).</li>
 * </ol>
 */
final class ResultsSchema {

    /** The version this lab writes. */
    static final int CURRENT = 3;

    static final String FIELD = "schemaVersion";

    private ResultsSchema() {}

    /** The file's tree at the current version, its version field taken off. */
    static ObjectNode upgrade(ObjectNode root, Path file) throws ResultsJson.NotResults {
        int version = root.has(FIELD) ? root.get(FIELD).asInt(-1) : 1;
        if (version < 1) {
            throw new ResultsJson.NotResults(file + " has a schemaVersion that is not a version: " + root.get(FIELD));
        }
        if (version > CURRENT) {
            throw new ResultsJson.NotResults(file + " was written by a newer lab (results schema " + version
                    + "); this one reads up to " + CURRENT);
        }
        // version 1 to 2: run.timeBudget is new and reads as unknown where absent; nothing to change
        // version 2 to 3: an experiment's capacity is new and reads as empty where absent; nothing to change
        root.remove(FIELD);
        return root;
    }

    /** The tree the lab writes: the version first, then the run. */
    static ObjectNode stamped(ObjectNode run, ObjectNode empty) {
        empty.put(FIELD, CURRENT);
        empty.setAll(run);
        return empty;
    }
}
