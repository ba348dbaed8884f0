package org.concurrencylab.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code ./lab}: the entry point. Bad input ends with one line on stderr and exit code 2. */
// INHERIT: every command, nested ones too, answers --help and --version, as the error hints promise
@Command(name = "lab", mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT, version = "Concurrency Lab 0.1",
        description = "Runs the systems of well-known Spring concurrency articles, measures them, and checks their claims.",
        subcommands = {ListCommand.class, RunCommand.class, ServeCommand.class, ReportCommand.class, CompareCommand.class,
                BenchCommand.class, OverloadCommand.class, ExportCommand.class, ImportCommand.class,
                CommandLine.HelpCommand.class})
public final class Lab implements Runnable {

    static final int USAGE = 2;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        CommandLine lab = new CommandLine(new Lab());
        // set on the root alone: an annotation's footer would be inherited by every command
        lab.getCommandSpec().usageMessage().footer("", "The launcher adds two commands of its own:",
                "  ./lab build   build what changed, nothing else",
                "  ./lab test    build and run every test (Maven's verify)");
        return lab
                .setParameterExceptionHandler((exception, args) -> {
                    PrintWriter err = exception.getCommandLine().getErr();
                    // the qualified name, so that a nested command's hint names it whole: ./lab export hyperfoil --help
                    err.println("lab: " + exception.getMessage() + " (see ./"
                            + exception.getCommandLine().getCommandSpec().qualifiedName() + " --help)");
                    return USAGE;
                });
    }

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
