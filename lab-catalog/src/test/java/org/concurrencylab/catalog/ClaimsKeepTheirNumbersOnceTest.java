package org.concurrencylab.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A claim's threshold is written once, as a named constant beside the article's figure it comes from: the check
 * compares with the constant, and the threshold's text ({@code checkedAt}) is made from it, so that the two
 * cannot say different things. Read from the claims' sources.
 */
class ClaimsKeepTheirNumbersOnceTest {

    private static final Path CATALOG = Path.of("src/main/java/org/concurrencylab/catalog");

    /** A decimal written in code: 0.95, 1.5. */
    private static final Pattern DECIMAL = Pattern.compile("(?<![\\w.])\\d+\\.\\d+");

    /** Not thresholds: zero, and milliseconds to seconds. */
    private static final Set<String> CONVERSIONS = Set.of("0.0", "1000.0");

    /** A number standing alone in words: "95 %", "1.8 x", but not "p95" or "tomcat-200". */
    private static final Pattern NUMBER_IN_WORDS = Pattern.compile("(?<![\\w.-])\\d+(\\.\\d+)?(?![\\w-])");

    private static final Pattern STRING = Pattern.compile("\"((?:\\\\.|[^\"\\\\])*)\"");

    @Test
    void noClaimComparesWithABareDecimal() throws IOException {
        List<String> bare = new ArrayList<>();
        for (Path file : claimsFiles()) {
            List<String> lines = Files.readAllLines(file);
            boolean inConstant = false;
            for (int i = 0; i < lines.size(); i++) {
                String code = codeOf(lines.get(i));
                // a named constant's declaration, over as many lines as the formatter wraps it to
                if (inConstant || code.contains("static final ")) {
                    inConstant = !code.contains(";");
                    continue;
                }
                Matcher decimal = DECIMAL.matcher(code);
                while (decimal.find()) {
                    if (!CONVERSIONS.contains(decimal.group())) {
                        bare.add(file.getFileName() + ":" + (i + 1) + " " + decimal.group());
                    }
                }
            }
        }
        assertThat(bare).as("decimals in claims' code outside a named constant").isEmpty();
    }

    @Test
    void noThresholdTextTypesANumber() throws IOException {
        List<String> typed = new ArrayList<>();
        int texts = 0;
        for (Path file : claimsFiles()) {
            String source = Files.readString(file);
            int at = source.indexOf(".checkedAt(");
            while (at >= 0) {
                String argument = argumentOf(source, at + ".checkedAt(".length() - 1);
                Matcher string = STRING.matcher(argument);
                while (string.find()) {
                    Matcher number = NUMBER_IN_WORDS.matcher(string.group(1).replaceAll("%[-+.\\d]*[sdf%]", ""));
                    if (number.find()) {
                        typed.add(file.getFileName() + ": \"" + string.group(1) + "\"");
                    }
                }
                texts++;
                at = source.indexOf(".checkedAt(", at + 1);
            }
        }
        assertThat(texts).as("threshold texts read").isGreaterThan(50);
        assertThat(typed).as("numbers typed into a threshold's text").isEmpty();
    }

    private static List<Path> claimsFiles() throws IOException {
        try (Stream<Path> files = Files.walk(CATALOG)) {
            List<Path> claims = files.filter(
                            file -> file.getFileName().toString().endsWith("Claims.java"))
                    .sorted()
                    .toList();
            assertThat(claims).as("every experiment's claims").hasSizeGreaterThanOrEqualTo(5);
            return claims;
        }
    }

    /** A line without its comment and its strings' contents. */
    private static String codeOf(String line) {
        String trimmed = line.trim();
        if (trimmed.startsWith("*") || trimmed.startsWith("/*") || trimmed.startsWith("//")) {
            return "";
        }
        String code = STRING.matcher(line).replaceAll("\"\"");
        int comment = code.indexOf("//");
        return comment < 0 ? code : code.substring(0, comment);
    }

    /** The text between the parenthesis at {@code open} and the one that closes it. */
    private static String argumentOf(String source, int open) {
        int depth = 0;
        boolean inString = false;
        for (int i = open; i < source.length(); i++) {
            char c = source.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return source.substring(open + 1, i);
            }
        }
        throw new IllegalStateException("no closing parenthesis after " + open);
    }
}
