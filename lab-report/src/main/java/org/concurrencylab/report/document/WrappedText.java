package org.concurrencylab.report.document;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Text wrapped for a terminal: on spaces at a width, the first line after its own lead and every later one
 * under a hanging indent, a figure kept with the unit after it ("5 D", "102 %"). A width of 0 or less wraps
 * nothing: the lead and the text as they are, for a file or a pipe that is read by grep.
 */
public final class WrappedText {

    /** The width the lab wraps a terminal's text at: the 80 columns any terminal has, and some room. */
    public static final int TERMINAL_WIDTH = 110;

    /** Units a line never begins with. */
    private static final Set<String> UNITS = Set.of("%", "D", "x", "ms", "s");

    private WrappedText() {}

    /**
     * @param lead    what the first line begins with
     * @param hanging what every later line begins with
     * @return the lines, each ended by a line break; each line of {@code text} wrapped on its own
     */
    public static String wrap(String lead, String hanging, String text, int width) {
        if (width <= 0) {
            return lead + text + '\n';
        }
        StringBuilder out = new StringBuilder();
        String begin = lead;
        for (String paragraph : text.split("\n", -1)) {
            wrapLine(out, begin, hanging, paragraph, width);
            begin = hanging;
        }
        return out.toString();
    }

    private static void wrapLine(StringBuilder out, String lead, String hanging, String text, int width) {
        StringBuilder line = new StringBuilder(lead);
        int start = line.length();
        for (String word : unbroken(text)) {
            if (line.length() > start && line.length() + 1 + word.length() > width) {
                out.append(line).append('\n');
                line = new StringBuilder(hanging);
                start = line.length();
            }
            if (line.length() > start) {
                line.append(' ');
            }
            line.append(word);
        }
        out.append(line).append('\n');
    }

    /** The words of {@code text}, each unit joined to the figure before it. */
    private static List<String> unbroken(String text) {
        List<String> words = new ArrayList<>();
        for (String word : text.split(" ")) {
            if (!words.isEmpty() && UNITS.contains(word.replaceAll("[,;:.)]+$", ""))) {
                words.set(words.size() - 1, words.getLast() + " " + word);
            } else if (!word.isEmpty()) {
                words.add(word);
            }
        }
        return words;
    }
}
