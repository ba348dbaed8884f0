package org.concurrencylab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packages of every module of the lab, read from the sources and from the compiled classes by the JDK's
 * {@code jdeps}: each is small enough to read (at most {@value #MAX_FILES} files and {@value #MAX_LINES}
 * lines of main code), and no two depend on each other, however long the way round, so that every package
 * can be read knowing only the ones below it. A dependency counts where the bytecode has it and where the
 * source names it (an import, a fully-qualified name, a Javadoc link), which the bytecode does not always keep.
 */
class PackagesPointOneWayTest {

    static final int MAX_FILES = 20;
    static final int MAX_LINES = 2_500;

    /** The repository: the command line's module is one of its modules. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void noPackageIsLargerThanOneCanRead() throws IOException {
        Map<Path, int[]> sizes = new TreeMap<>();
        for (Path module : modules()) {
            Path main = module.resolve("src/main/java");
            try (Stream<Path> files = Files.walk(main)) {
                for (Path file :
                        files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    int[] size = sizes.computeIfAbsent(ROOT.relativize(file.getParent()), p -> new int[2]);
                    size[0]++;
                    try (Stream<String> lines = Files.lines(file)) {
                        size[1] += (int) lines.count();
                    }
                }
            }
        }
        assertThat(sizes).as("packages read from the sources").hasSizeGreaterThan(20);
        List<String> large = new ArrayList<>();
        sizes.forEach((pkg, size) -> {
            if (size[0] > MAX_FILES || size[1] > MAX_LINES) {
                large.add(pkg + ": " + size[0] + " files, " + size[1] + " lines");
            }
        });
        assertThat(large)
                .as("packages over %d files or %d lines", MAX_FILES, MAX_LINES)
                .isEmpty();
    }

    @Test
    void noTwoPackagesDependOnEachOther() throws IOException {
        List<String> compiled = new ArrayList<>();
        for (Path module : modules()) {
            Path classes = module.resolve("target/classes");
            if (Files.isDirectory(classes.resolve("org"))) {
                compiled.add(classes.toString());
            }
        }
        Map<String, Set<String>> edges = edges(compiled);
        sourceEdges()
                .forEach((from, to) ->
                        edges.computeIfAbsent(from, p -> new TreeSet<>()).addAll(to));
        assertThat(edges.keySet())
                .as("jdeps read the lab's packages, built before this module's tests")
                .contains(
                        "org.concurrencylab.cli",
                        "org.concurrencylab.runner",
                        "org.concurrencylab.runner.process",
                        "org.concurrencylab.catalog.claim",
                        "org.concurrencylab.results.step",
                        "org.concurrencylab.report.section");
        assertThat(cycles(edges))
                .as("groups of packages that depend on each other")
                .isEmpty();
    }

    private static List<Path> modules() throws IOException {
        try (Stream<Path> children = Files.list(ROOT)) {
            return children.filter(dir -> Files.isRegularFile(dir.resolve("pom.xml")))
                    .filter(dir -> Files.isDirectory(dir.resolve("src/main/java")))
                    .sorted()
                    .toList();
        }
    }

    /** A name of a type of the lab's in source: its package, then the type's name from its capital. */
    private static final Pattern NAMED_TYPE =
            Pattern.compile("\\b(org\\.concurrencylab(?:\\.[a-z][a-z0-9]*)+)\\.[A-Z]");

    private static final Pattern PACKAGE = Pattern.compile("^package ([a-z0-9.]+);", Pattern.MULTILINE);

    /** From each of the lab's packages, the lab's packages its sources name: in imports, code and Javadoc. */
    private static Map<String, Set<String>> sourceEdges() throws IOException {
        Map<String, Set<String>> edges = new TreeMap<>();
        for (Path module : modules()) {
            try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                for (Path file :
                        files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String source = Files.readString(file);
                    Matcher pkg = PACKAGE.matcher(source);
                    if (!pkg.find()) {
                        continue;
                    }
                    Set<String> to = edges.computeIfAbsent(pkg.group(1), p -> new TreeSet<>());
                    Matcher named = NAMED_TYPE.matcher(source.substring(pkg.end()));
                    while (named.find()) {
                        if (!named.group(1).equals(pkg.group(1))) {
                            to.add(named.group(1));
                        }
                    }
                }
            }
        }
        return edges;
    }

    /** From each of the lab's packages, the lab's packages it depends on. */
    private static Map<String, Set<String>> edges(List<String> classDirectories) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        List<String> arguments = new ArrayList<>(List.of("-verbose:package", "-filter:none"));
        arguments.addAll(classDirectories);
        int code =
                jdeps.run(new PrintWriter(out), new PrintWriter(new StringWriter()), arguments.toArray(String[]::new));
        assertThat(code).as("jdeps " + out).isZero();
        Map<String, Set<String>> edges = new TreeMap<>();
        for (String line : out.toString().split("\n")) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length >= 3 && parts[1].equals("->") && parts[0].startsWith("org.concurrencylab.")) {
                Set<String> to = edges.computeIfAbsent(parts[0], p -> new TreeSet<>());
                if (parts[2].startsWith("org.concurrencylab.") && !parts[2].equals(parts[0])) {
                    to.add(parts[2]);
                }
            }
        }
        return edges;
    }

    /** Every strongly connected group of more than one package (Tarjan's algorithm). */
    private static List<Set<String>> cycles(Map<String, Set<String>> edges) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> groups = new ArrayList<>();
        int[] counter = {0};
        for (String start : edges.keySet()) {
            if (!index.containsKey(start)) {
                connect(start, edges, index, low, stack, onStack, groups, counter);
            }
        }
        return groups;
    }

    private static void connect(
            String pkg,
            Map<String, Set<String>> edges,
            Map<String, Integer> index,
            Map<String, Integer> low,
            Deque<String> stack,
            Set<String> onStack,
            List<Set<String>> groups,
            int[] counter) {
        index.put(pkg, counter[0]);
        low.put(pkg, counter[0]++);
        stack.push(pkg);
        onStack.add(pkg);
        for (String next : edges.getOrDefault(pkg, Set.of())) {
            if (!index.containsKey(next)) {
                connect(next, edges, index, low, stack, onStack, groups, counter);
                low.put(pkg, Math.min(low.get(pkg), low.get(next)));
            } else if (onStack.contains(next)) {
                low.put(pkg, Math.min(low.get(pkg), index.get(next)));
            }
        }
        if (low.get(pkg).equals(index.get(pkg))) {
            Set<String> group = new TreeSet<>();
            String member;
            do {
                member = stack.pop();
                onStack.remove(member);
                group.add(member);
            } while (!member.equals(pkg));
            if (group.size() > 1) {
                groups.add(group);
            }
        }
    }
}
