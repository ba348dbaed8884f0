package org.concurrencylab.cli.option;

import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code --out DIR}, declared once for every command that writes results or files. */
public final class OutOption {

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Where it writes; made if missing, and checked writable "
                    + "before anything runs. Default: under results/ in the lab, as the command's description says.")
    private Path out;

    /** The directory to write into: the one asked for, else {@code defaultDirectory}; made and checked writable. */
    public Path directory(CommandLine command, Path defaultDirectory) {
        return Choices.outDirectory(command, out, defaultDirectory);
    }

    /** Whether the user named one. */
    boolean given() {
        return out != null;
    }
}
