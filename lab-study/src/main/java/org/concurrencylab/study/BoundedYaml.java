package org.concurrencylab.study;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.concurrencylab.study.StudyFile.Invalid;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.NodeEvent;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * YAML as a study file takes it: a regular file of {@link #MAX_BYTES} at most, read no further than that, with
 * each value said where it is used (no anchors or aliases); and YAML as the lab writes it, without a document
 * marker or needless quotes.
 */
final class BoundedYaml {

    /** Far beyond any hand-written study: a bigger file is not one. */
    static final long MAX_BYTES = 1 << 20;

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .build();

    private BoundedYaml() {}

    /** The tree of {@code file}, or the reason it is not a study file's YAML in one line. */
    static JsonNode read(Path file) {
        try {
            String text = text(file, file, "");
            refuseAnchorsAndAliases(file, text);
            return YAML.readTree(text);
        } catch (JacksonException | YamlEngineException e) {
            throw new Invalid(file, "not readable as YAML: " + firstLine(e.getMessage()));
        }
    }

    static String write(JsonNode tree) {
        return YAML.writeValueAsString(tree);
    }

    /**
     * The text of a regular file of {@link #MAX_BYTES} at most, read no further than that: a device
     * ({@code /dev/zero}) or a FIFO is refused before it is opened, and a file that grows is cut at the limit.
     * {@code key} prefixes the reason, which names {@code file}.
     */
    static String text(Path file, Path read, String key) {
        if (!Files.isRegularFile(read)) {
            throw new Invalid(
                    file,
                    key
                            + (Files.exists(read)
                                    ? read + " is not a regular file (a device, a FIFO or a folder)"
                                    : "no file at " + read));
        }
        try (InputStream in = Files.newInputStream(read)) {
            byte[] bytes = in.readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new Invalid(file, key + read + " is larger than " + MAX_BYTES / 1024 + " KB");
            }
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new Invalid(file, key + "cannot read " + read + " (" + firstLine(e.getMessage()) + ")");
        }
    }

    /**
     * A study file says each value where it is used: YAML's anchors and aliases ({@code &a}, {@code *a}) are
     * refused, since an alias of a scalar would be read as its name by the reader.
     */
    private static void refuseAnchorsAndAliases(Path file, String text) {
        for (Event event : new Parse(LoadSettings.builder().build()).parseString(text)) {
            if (event instanceof NodeEvent node && node.getAnchor().isPresent()) {
                String anchor = node.getAnchor().get().getValue();
                int line = event.getStartMark().map(mark -> mark.getLine() + 1).orElse(0);
                throw new Invalid(
                        file,
                        "line " + line + ": YAML anchors and aliases (&" + anchor + ", *" + anchor
                                + ") are not taken: write each value where it is used");
            }
        }
    }

    static String firstLine(String message) {
        return message == null ? "unknown" : message.lines().findFirst().orElse(message);
    }
}
