package org.concurrencylab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.concurrencylab.study.StudyKeys;
import picocli.CommandLine;

/**
 * The reference pages under {@code docs/reference/}, made from the code so they cannot drift from it: every
 * command's options as its {@code --help} prints them, and every claim as {@code ./lab list --claims}
 * prints it. {@code ./lab docs} writes them; a test fails while a checked-in page differs.
 */
final class ReferenceDocs {

    static final String COMMANDS = "docs/reference/commands.md";
    static final String CLAIMS = "docs/reference/claims.md";
    static final String STUDY_FILE = "docs/reference/study-file.md";

    private static final String GENERATED = "<!-- Generated from the code by ./lab docs; do not edit by hand. -->\n\n";

    private ReferenceDocs() {}

    /** Each page's path under the lab's root, and its text. */
    static Map<String, String> pages() {
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put(COMMANDS, commands());
        pages.put(CLAIMS, claims());
        pages.put(STUDY_FILE, studyFile());
        return pages;
    }

    private static String commands() {
        StringBuilder page = new StringBuilder("# Reference: every command and its options\n\n")
                .append(GENERATED)
                .append(
                        "What `./lab <command> --help` prints, for every command. `./lab build` and `./lab test` are the ")
                .append("launcher's own (see the README).\n");
        append(page, Lab.commandLine(), 2);
        return page.toString();
    }

    private static void append(StringBuilder page, CommandLine command, int level) {
        if (command.getCommandSpec().usageMessage().hidden()) {
            return;
        }
        page.append('\n')
                .append("#".repeat(level))
                .append(" `")
                .append(command.getCommandSpec().qualifiedName().replaceFirst("^lab", "./lab"))
                .append("`\n\n```\n")
                .append(command.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing())
                .append("\n```\n");
        command.getSubcommands().values().stream().distinct().forEach(sub -> append(page, sub, level + 1));
    }

    private static String studyFile() {
        StringBuilder page = new StringBuilder("# Reference: the keys of a study file\n\n")
                .append(GENERATED)
                .append(
                        "Every key `./lab run study.yaml` takes, with its kind of value and its default; any other key is refused ")
                .append(
                        "by name before anything starts. YAML anchors and aliases are refused too: each value is written where ")
                .append(
                        "it is used. See [your own service](../your-own-service.md) for what a study does with them.\n\n")
                .append("| key | value | default | what it says |\n|---|---|---|---|\n");
        for (StudyKeys.Key key : StudyKeys.TOP_LEVEL) {
            page.append("| `")
                    .append(key.name())
                    .append("` | ")
                    .append(key.type())
                    .append(" | ")
                    .append(key.defaultValue())
                    .append(" | ")
                    .append(key.meaning())
                    .append(" |\n");
        }
        return page.toString();
    }

    private static String claims() {
        CommandLine lab = Lab.commandLine();
        StringWriter out = new StringWriter();
        lab.setOut(new PrintWriter(out, true));
        if (lab.execute("list", "--claims", "--one-line") != 0) {
            throw new IllegalStateException("./lab list --claims failed");
        }
        return "# Reference: every claim a run checks\n\n" + GENERATED
                + "What `./lab list --claims` prints: each claim's id, the article's own figure, what a run's figures are "
                + "held to, and where it was measured, how far those figures moved from one run to the next on the lab's "
                + "machine (`./lab bench`, nothing else running). The verdicts are explained in the README's glossary.\n\n```\n"
                + out.toString().stripTrailing() + "\n```\n";
    }
}
