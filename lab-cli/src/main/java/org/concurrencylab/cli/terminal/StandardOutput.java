package org.concurrencylab.cli.terminal;

import org.concurrencylab.report.document.WrappedText;

/**
 * Whether the lab's standard output is a terminal, as the launcher says through {@code lab.tty} (the JDK can
 * only tell from version 22 on), and so how its text is laid out: wrapped for a reader, or a line a record for
 * grep.
 */
public final class StandardOutput {

    /** The launcher's system property: true where standard output is a terminal. */
    public static final String TTY_PROPERTY = "lab.tty";

    private StandardOutput() {}

    public static boolean isTerminal() {
        return Boolean.getBoolean(TTY_PROPERTY);
    }

    /** The width text is wrapped at: {@link WrappedText#TERMINAL_WIDTH} on a terminal, else 0 (not wrapped). */
    public static int textWidth() {
        return isTerminal() ? WrappedText.TERMINAL_WIDTH : 0;
    }
}
