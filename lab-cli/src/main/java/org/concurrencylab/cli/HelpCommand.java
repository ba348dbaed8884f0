package org.concurrencylab.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab help [COMMAND [SUBCOMMAND]]}: picocli's own help command, but a word that names no command
 * is an error rather than ignored ({@code help run extra} printed run's help as if the word were not there).
 */
@Command(
        name = "help",
        helpCommand = true,
        description = "Show the help of the lab or of one of its commands, e.g. help run, help export hyperfoil.")
final class HelpCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Parameters(
            arity = "0..*",
            paramLabel = "COMMAND",
            description = "The command, and its subcommand where it has them.")
    private List<String> path = List.of();

    @Override
    public void run() {
        CommandLine command = spec.parent().commandLine();
        for (String word : path) {
            CommandLine sub = command.getSubcommands().get(word);
            if (sub == null) {
                String of = command.getCommandSpec().qualifiedName();
                throw new ParameterException(
                        spec.commandLine(),
                        (command.getSubcommands().isEmpty()
                                ? of + " has no commands of its own, so '" + word + "' names none"
                                : "unknown command '" + word + "' of " + of + "; choose from: "
                                        + String.join(
                                                ", ", command.getSubcommands().keySet())));
            }
            command = sub;
        }
        command.usage(spec.commandLine().getOut());
    }
}
