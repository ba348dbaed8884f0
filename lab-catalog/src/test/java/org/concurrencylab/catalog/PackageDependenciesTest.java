package org.concurrencylab.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The catalog's packages depend one way, read from the compiled classes by the JDK's {@code jdeps}: each
 * experiment's package on the catalog's own packages, never one of those on an experiment (the catalog finds
 * them through {@link java.util.ServiceLoader}), and no experiment on another.
 */
class PackageDependenciesTest {

    private static final String CORE = "org.concurrencylab.catalog";
    private static final Set<String> EXPERIMENTS = Set.of(
            CORE + ".blockingio", CORE + ".fanout", CORE + ".servletasync", CORE + ".cpubound", CORE + ".legacychain");
    private static final Pattern EDGE = Pattern.compile(
            "^\\s+(org\\.concurrencylab\\.catalog[\\w.]*)\\s+->\\s+(org\\.concurrencylab\\.catalog[\\w.]*)\\s");

    @Test
    void experimentsDependOnTheCatalogAndNeverTheOtherWayOrOnEachOther() {
        Set<String> edges = edges(Path.of("target", "classes"));
        assertThat(edges)
                .as("jdeps read the experiments' packages")
                .contains(CORE + ".blockingio -> " + CORE, CORE + ".legacychain -> " + CORE);
        assertThat(edges)
                .filteredOn(edge -> EXPERIMENTS.contains(to(edge)))
                .as("nothing depends on an experiment: neither the catalog's own packages nor another experiment")
                .isEmpty();
    }

    private static String to(String edge) {
        return edge.substring(edge.indexOf(" -> ") + 4);
    }

    /** Every dependency between two of the catalog's packages, as {@code from -> to}. */
    private static Set<String> edges(Path classes) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        int code = jdeps.run(
                new PrintWriter(out), new PrintWriter(new StringWriter()), "-verbose:package", classes.toString());
        assertThat(code).as("jdeps " + out).isZero();
        Set<String> edges = new TreeSet<>();
        for (String line : out.toString().split("\n")) {
            Matcher edge = EDGE.matcher(line);
            if (edge.find() && !edge.group(1).equals(edge.group(2))) {
                edges.add(edge.group(1) + " -> " + edge.group(2));
            }
        }
        return edges;
    }
}
