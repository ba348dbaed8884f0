package org.concurrencylab.results;

import java.nio.file.Path;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * results.json's versions, and the one place a file of an older version is brought up to the current one
 * before it is read. Each version's change is a step here; a field that is simply absent in an older file
 * reads as unknown (null) and needs no step.
 * <ol>
 *   <li>every file written before the lab recorded a version (main up to c4de7b5);</li>
 *   <li>{@code run.timeBudget} (absent before: unknown) and {@code schemaVersion} itself;</li>
 *   <li>each study's {@code capacity} (absent before: no model);</li>
 *   <li>a figure the machine could not give is {@code null}, where it was -1 or NaN before;</li>
 *   <li>{@code run.machineCores}, the machine's physical cores (absent before: unknown);</li>
 *   <li>a variant's {@code forks}, and each figure's {@code <figure>Interval} over them (absent before: one fork, no
 *   interval); a projection's {@code notProjected} is its {@code caveat}, as a projection is now always made.</li>
 * </ol>
 */
final class ResultsSchema {

    /** The version this lab writes. */
    static final int CURRENT = 6;

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
        if (version < 4) {
            unknownAsNull(root, false);
        }
        // version 4 to 5: run.machineCores is new and reads as unknown where absent; nothing to change
        // version 5 to 6: forks and intervals are new and read as none where absent; a projection's reason for
        // giving no throughput is its caveat
        if (version < 6) {
            notProjectedAsCaveat(root);
        }
        root.remove(FIELD);
        return root;
    }

    /** Version 5 to 6: each capacity model's {@code projection.notProjected} becomes its {@code caveat}. */
    private static void notProjectedAsCaveat(ObjectNode root) {
        for (JsonNode experiment : root.path("experiments")) {
            for (JsonNode capacity : experiment.path("capacity")) {
                if (capacity.path("projection") instanceof ObjectNode projection && projection.has("notProjected")) {
                    projection.set("caveat", projection.get("notProjected"));
                    projection.remove("notProjected");
                }
            }
        }
    }

    /** Figures that were -1 or NaN where unknown before version 4, wherever they stand. */
    private static final Set<String> UNKNOWN_WAS_NEGATIVE = Set.of(
            "voluntaryContextSwitches",
            "involuntaryContextSwitches",
            "jitCpuSeconds",
            "virtualThreadPins",
            "idleShare",
            "cpuBoundPerSecond",
            "aloneMeanMillis",
            "virtualMounted",
            "serviceCpuMillis");

    /** The same, in one process's CPU of a step's {@code machine.processes}. */
    private static final Set<String> PROCESS_UNKNOWN_WAS_NEGATIVE =
            Set.of("cpuSeconds", "cpuMillisPerRequest", "runQueueWaitSeconds");

    /** Version 3 to 4: every unknown figure written as -1 or NaN becomes {@code null}. */
    private static void unknownAsNull(JsonNode node, boolean aProcessesCpu) {
        if (node instanceof ObjectNode object) {
            for (String name : Set.copyOf(object.propertyNames())) {
                JsonNode value = object.get(name);
                boolean unknownHere = UNKNOWN_WAS_NEGATIVE.contains(name)
                        || aProcessesCpu && PROCESS_UNKNOWN_WAS_NEGATIVE.contains(name);
                if (unknownHere && wasUnknown(value)) {
                    object.putNull(name);
                } else if (name.equals("processes") && value instanceof ArrayNode processes) {
                    processes.forEach(process -> unknownAsNull(process, true));
                } else {
                    unknownAsNull(value, false);
                }
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(element -> unknownAsNull(element, false));
        }
    }

    private static boolean wasUnknown(JsonNode value) {
        return value.isNumber() && (value.asDouble() < 0 || Double.isNaN(value.asDouble()))
                || value.isString() && value.asString().equals("NaN");
    }

    /** The tree the lab writes: the version first, then the run. */
    static ObjectNode stamped(ObjectNode run, ObjectNode empty) {
        empty.put(FIELD, CURRENT);
        empty.setAll(run);
        return empty;
    }
}
