package org.concurrencylab.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every experiment's package names each of its variants once, in a constant, and its declaration, claims,
 * sweeps and findings use that constant: a misspelt variant is then a name the compiler does not know, in
 * whichever position of a claim it stands, not a string the build-time check would find only at a claim's
 * first lookup.
 */
class VariantsNamedByConstantsTest {

    private static final Path SOURCES = Path.of("src", "main", "java");

    @Test
    void noExperimentsSourceSpellsOutAVariantsNameOutsideItsConstant() throws IOException {
        List<String> spelled = new ArrayList<>();
        int checked = 0;
        for (ExperimentDeclaration declaration : ServiceLoader.load(ExperimentDeclaration.class)) {
            Experiment experiment = declaration.declare();
            Path directory =
                    SOURCES.resolve(declaration.getClass().getPackageName().replace('.', '/'));
            List<Path> files;
            try (Stream<Path> listed = Files.list(directory)) {
                files = listed.filter(file -> file.toString().endsWith(".java")).toList();
            }
            for (Variant variant : experiment.variants()) {
                Pattern literal = Pattern.compile("\"" + Pattern.quote(variant.name()) + "\"");
                for (Path file : files) {
                    List<String> lines = Files.readAllLines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        String line = lines.get(i);
                        // a constant's own line, a service property's value (the service's word), a claim's id
                        boolean claimsId = i > 0 && lines.get(i - 1).trim().endsWith("Claim.of(");
                        if (literal.matcher(line).find()
                                && !line.contains("static final String ")
                                && !line.contains("\"lab.")
                                && !claimsId) {
                            spelled.add(file.getFileName() + ":" + (i + 1) + " spells out " + variant.name());
                        }
                    }
                }
                checked++;
            }
        }
        assertThat(checked).as("variants of every experiment").isGreaterThan(30);
        assertThat(spelled)
                .as("variant names written as strings outside their constant")
                .isEmpty();
    }
}
