package org.concurrencylab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The README and the guides cannot rot unseen: the reference pages are what the code generates today, every
 * page under docs/ is linked from the README, and every {@code ./lab ...} command line they show parses with
 * the real command line (a renamed or removed option breaks the build, not the reader).
 */
class DocsStayTrueTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** A command in a code span or on a line of a code block; shell comments and prompts aside. */
    private static final Pattern SPAN = Pattern.compile("`(\\./lab [^`]+)`");

    @Test
    void theReferencePagesAreWhatTheCodeGeneratesToday() throws IOException {
        for (var page : ReferenceDocs.pages().entrySet()) {
            Path file = ROOT.resolve(page.getKey());
            assertThat(file)
                    .as(page.getKey() + " exists (./lab docs writes it)")
                    .isRegularFile();
            assertThat(Files.readString(file))
                    .as(page.getKey() + " is stale: run ./lab docs and commit it")
                    .isEqualTo(page.getValue());
        }
    }

    @Test
    void everyGuideIsLinkedFromTheReadme() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        for (Path page : pages()) {
            String relative = ROOT.relativize(page).toString();
            if (relative.equals("README.md") || relative.startsWith("docs/measurements/")) {
                continue;
            }
            assertThat(readme).as("README.md links " + relative).contains("(" + relative + ")");
        }
        assertThat(readme.lines().count())
                .as("README.md is a front door, not the manual")
                .isLessThanOrEqualTo(200);
    }

    /** A Markdown link's target: what is between the parentheses after the link's text. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void everyRelativeLinkLeadsToAFileThatIsThere() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            Matcher link = LINK.matcher(Files.readString(page));
            while (link.find()) {
                String target = link.group(1).replaceFirst("#.*$", "");
                if (target.isEmpty() || target.matches("^[a-z]+:.*")) {
                    continue; // an anchor on the same page, or an address
                }
                if (!Files.exists(page.getParent().resolve(target).normalize())) {
                    broken.add(ROOT.relativize(page) + " links " + link.group(1));
                }
            }
        }
        assertThat(broken).as("links to files that are not there").isEmpty();
    }

    @Test
    void everyCommandLineTheDocsShowParses() throws IOException {
        List<String> checked = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            if (ROOT.relativize(page).startsWith(Path.of("docs", "reference"))) {
                continue; // the help text itself, generated from the command line it would be checked against
            }
            boolean inCode = false;
            for (String line : Files.readAllLines(page)) {
                if (line.startsWith("```")) {
                    inCode = !inCode;
                    continue;
                }
                List<String> commands = new ArrayList<>();
                if (inCode && line.strip().startsWith("./lab ")) {
                    commands.add(line.strip().replaceFirst("\\s+#.*$", ""));
                } else if (!inCode) {
                    Matcher span = SPAN.matcher(line);
                    while (span.find()) {
                        commands.add(span.group(1));
                    }
                }
                for (String command : commands) {
                    if (isSynopsis(command)) {
                        continue;
                    }
                    List<String> words = words(command);
                    String where = ROOT.relativize(page) + ": " + command;
                    CommandLine lab = Lab.commandLine();
                    if (namesACommandOnly(lab, words.subList(1, words.size()))) {
                        continue;
                    }
                    try {
                        lab.parseArgs(words.subList(1, words.size()).toArray(String[]::new));
                    } catch (CommandLine.ParameterException e) {
                        broken.add(where + " does not parse: " + e.getMessage());
                    }
                    checked.add(where);
                }
            }
        }
        assertThat(broken)
                .as("command lines in the docs that the lab's command line refuses")
                .isEmpty();
        // 38 when this was written: a scanner that finds far fewer has stopped reading the pages
        assertThat(checked).as("the command lines found in the docs").hasSizeGreaterThanOrEqualTo(30);
    }

    /** A command's form rather than a command: placeholders, choices, the launcher's own commands. */
    private static boolean isSynopsis(String command) {
        return command.contains("<")
                || command.contains("[")
                || command.contains("…")
                || command.contains("...")
                || command.contains("|")
                || command.matches("\\./lab (test|build)\\b.*")
                || command.endsWith("\\");
    }

    /** {@code ./lab run} or {@code ./lab export hyperfoil} in prose: the command's name, not a line to run. */
    private static boolean namesACommandOnly(CommandLine lab, List<String> words) {
        CommandLine command = lab;
        for (String word : words) {
            command = command.getSubcommands().get(word);
            if (command == null) {
                return false;
            }
        }
        return true;
    }

    /** Words as a POSIX shell splits them, for the quoting the docs use: '...', "..." and $'...'. */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (c == '\'' || c == '"') {
                int end = command.indexOf(c, i + 1);
                word.append(command, i + 1, end < 0 ? command.length() : end);
                i = end < 0 ? command.length() : end;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }
}
