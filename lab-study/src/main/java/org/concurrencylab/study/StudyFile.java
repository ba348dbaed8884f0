package org.concurrencylab.study;

import java.nio.file.Path;
import tools.jackson.databind.JsonNode;

/**
 * A {@link Study} as a YAML file a team keeps beside its service and runs in CI ({@code ./lab run
 * study.yaml}); the lab writes the study it ran in the same form beside its results. Read strictly, as a
 * load model validates itself: an unknown key, a value of the wrong kind, a path without its slash or a
 * check naming a variant the file does not declare is one line naming the key, before any JVM starts. The
 * keys are {@link StudyKeys}'; {@link StudyFileReader} reads them and {@link StudyFileWriter} writes them.
 */
public final class StudyFile {

    /** What the lab writes beside a study's results.json. */
    public static final String FILE_NAME = "study.yaml";

    /** A study file that is not one, with the reason in one line. */
    public static final class Invalid extends IllegalArgumentException {
        Invalid(Path file, String reason) {
            super(file.getFileName() + ": " + reason);
        }
    }

    private StudyFile() {}

    public static Study read(Path file) {
        JsonNode root = BoundedYaml.read(file);
        if (root == null || !root.isObject()) {
            throw new Invalid(file, "a study file is a map of keys (application, path, users, ...)");
        }
        try {
            return StudyFileReader.read(file, root);
        } catch (Invalid e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new Invalid(file, e.getMessage());
        }
    }

    /** The study as its file: what a team would write to run the same study again. */
    public static String write(Study study) {
        return StudyFileWriter.write(study);
    }

    /** A request's body from a file, relative to the study file: a regular file of 1 MiB at most. */
    public static String readBody(Path file, Path body) {
        return StudyFileReader.body(file, body);
    }
}
