package org.concurrencylab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.util.Optional;
import org.concurrencylab.results.WriteFailed;
import org.concurrencylab.runner.process.StartupCache;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code ./lab}: the entry point. Bad input ends with one line on stderr and exit code 2. */
// INHERIT: every command, nested ones too, answers --help and --version, as the error hints promise
@Command(
        name = "lab",
        mixinStandardHelpOptions = true,
        scope = CommandLine.ScopeType.INHERIT,
        version = "Concurrency Lab 0.1",
        description =
                "Runs the systems of well-known Spring concurrency articles, measures them, and checks their claims.",
        subcommands = {
            ListCommand.class,
            RunCommand.class,
            ServeCommand.class,
            ReportCommand.class,
            JudgeCommand.class,
            CompareCommand.class,
            BenchCommand.class,
            OverloadCommand.class,
            SweepCommand.class,
            ExportCommand.class,
            ImportCommand.class,
            AgentCommand.class,
            DocsCommand.class,
            HelpCommand.class
        })
public final class Lab implements Runnable {

    static final int USAGE = 2;

    public static void main(String[] args) {
        try {
            // before any command: a run would otherwise find it out after its drivers' warm-up
            StartupCache.Training.fromSystemProperties();
        } catch (IllegalArgumentException e) {
            System.err.println("lab: " + e.getMessage());
            System.exit(USAGE);
        }
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        CommandLine lab = new CommandLine(new Lab());
        // set on the root alone: an annotation's footer would be inherited by every command
        lab.getCommandSpec()
                .usageMessage()
                .footer(
                        "",
                        "The launcher adds two commands of its own:",
                        "  ./lab build   build what changed, nothing else",
                        "  ./lab test    build and run every test (Maven's verify)");
        return lab.setParameterExceptionHandler((exception, args) -> {
                    PrintWriter err = exception.getCommandLine().getErr();
                    // the qualified name, so that a nested command's hint names it whole: ./lab export hyperfoil --help
                    err.println("lab: " + printable(exception.getMessage()) + " (see ./"
                            + exception.getCommandLine().getCommandSpec().qualifiedName() + " --help)");
                    return USAGE;
                })
                .setExecutionExceptionHandler((exception, commandLine, parseResult) -> {
                    Optional<String> line = oneLine(exception);
                    if (line.isEmpty()) {
                        throw exception;
                    }
                    commandLine.getErr().println("lab: " + printable(line.get()));
                    return FAILED;
                });
    }

    /**
     * An error's message as one line: a control character the user typed (a CR or LF in a path) or a
     * message spread over lines is shown escaped ({@code \r}, {@code \n}, {@code \u0007}), never acted on.
     */
    static String printable(String message) {
        if (message == null) {
            return "no message";
        }
        StringBuilder line = new StringBuilder(message.length());
        message.codePoints().forEach(c -> {
            switch (c) {
                case '\r' -> line.append("\\r");
                case '\n' -> line.append("\\n");
                case '\t' -> line.append("\\t");
                default -> {
                    if (Character.isISOControl(c)) {
                        line.append(String.format("\\u%04x", c));
                    } else {
                        line.appendCodePoint(c);
                    }
                }
            }
        });
        return line.toString();
    }

    /** The exit code of a run that could not read or write what it must. */
    static final int FAILED = 1;

    /**
     * What a user can act on, in one line: a file that could not be written or read, and why. Bad input
     * is picocli's ParameterException, exit 2, before this; anything else is the lab's own fault, and
     * keeps its trace.
     */
    static Optional<String> oneLine(Throwable exception) {
        for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
            if (cause instanceof WriteFailed written) {
                return Optional.of(written.getMessage());
            }
            if (cause instanceof FileSystemException file) {
                return Optional.of(file.getFile() + ": "
                        + (file.getReason() == null ? file.getClass().getSimpleName() : file.getReason())
                        + (file.getOtherFile() == null ? "" : " (" + file.getOtherFile() + ")"));
            }
            if (cause instanceof IOException io && cause.getCause() == null) {
                return Optional.of(io.getMessage() == null ? io.getClass().getSimpleName() : io.getMessage());
            }
        }
        return Optional.empty();
    }

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
