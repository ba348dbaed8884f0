package org.concurrencylab.cli.option;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.concurrencylab.catalog.Catalog;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.load.JitPolicy;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.driver.RequestTemplate;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.step.Connections;
import org.concurrencylab.runner.process.ApplicationJar;
import org.concurrencylab.study.Study;
import org.concurrencylab.study.StudyFile;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** Turns names typed by the user into catalog entries, or into an error that lists the valid names. */
public final class Choices {

    private Choices() {}

    /** The results.json of a run's directory, or the file itself; an error where there is none. */
    public static Path resultsFile(CommandLine command, Path directoryOrFile) {
        Path file =
                Files.isDirectory(directoryOrFile) ? directoryOrFile.resolve(ResultsJson.FILE_NAME) : directoryOrFile;
        if (!Files.isRegularFile(file)) {
            throw new ParameterException(command, "no results at " + file);
        }
        return file;
    }

    /** The run a results.json holds; an error that says what is wrong with the file where it holds none. */
    public static RunResult results(CommandLine command, Path file) {
        try {
            return ResultsJson.read(file);
        } catch (IOException e) {
            throw new ParameterException(command, e.getMessage() + "; point at another run's directory");
        }
    }

    public static List<Experiment> experiments(CommandLine command, List<String> names) {
        Set<Experiment> chosen = new LinkedHashSet<>();
        for (String name : names) {
            if (name.equals("all")) {
                chosen.addAll(Catalog.experiments());
            } else {
                chosen.add(experiment(command, name));
            }
        }
        return new ArrayList<>(chosen);
    }

    public static Experiment experiment(CommandLine command, String name) {
        return Catalog.experiment(name)
                .orElseThrow(() -> new ParameterException(
                        command,
                        "unknown experiment '" + name + "'; choose from: " + String.join(", ", Catalog.names())));
    }

    public static Variant variant(CommandLine command, Experiment experiment, String name) {
        return experiment
                .variant(name)
                .orElseThrow(() -> new ParameterException(
                        command,
                        "unknown variant '" + name + "' of " + experiment.name() + "; choose from: "
                                + String.join(", ", experiment.variantNames())));
    }

    public static LoadStep load(CommandLine command, Experiment experiment, String label) {
        return experiment
                .step(label)
                .orElseThrow(() -> new ParameterException(
                        command,
                        "unknown load '" + label + "' of " + experiment.name() + "; choose from: "
                                + String.join(
                                        ", ",
                                        experiment.steps().stream()
                                                .map(LoadStep::label)
                                                .toList())));
    }

    public static void checkVariants(CommandLine command, List<Experiment> experiments, List<String> variants) {
        for (String name : variants) {
            boolean known = experiments.stream()
                    .anyMatch(experiment -> experiment.variant(name).isPresent());
            if (!known) {
                List<String> valid = experiments.stream()
                        .flatMap(experiment -> experiment.variantNames().stream())
                        .toList();
                throw new ParameterException(
                        command, "unknown variant '" + name + "'; choose from: " + String.join(", ", valid));
            }
        }
    }

    /** A bound keeps a typo from turning a run into hours: 1000 D is 2.5 minutes per variant at S = 0.15. */
    public static void warmUp(CommandLine command, Integer lengthInD) {
        if (lengthInD != null && (lengthInD < 1 || lengthInD > 1000)) {
            throw new ParameterException(
                    command, "--warm-up must be between 1 and 1000 (multiples of D), not " + lengthInD);
        }
    }

    public static Optional<Connections> connections(CommandLine command, String label) {
        try {
            return Optional.ofNullable(label).map(Connections::ofLabel);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(command, "--" + e.getMessage());
        }
    }

    public static Optional<JitPolicy> jit(CommandLine command, String label) {
        try {
            return Optional.ofNullable(label).map(JitPolicy::ofLabel);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(command, "--jit: " + e.getMessage());
        }
    }

    /** A name list that is there but names nothing (--variant ,) is a mistake, not "all of them". */
    public static void variantsGiven(CommandLine command, List<String> variants) {
        if (command.getParseResult().hasMatchedOption("--variant")
                && (variants.isEmpty() || variants.stream().anyMatch(String::isBlank))) {
            throw new ParameterException(command, "--variant needs variant names, comma-separated, with none empty");
        }
    }

    /**
     * Where results go, made and tried before anything starts: a run should not measure for minutes
     * and then fail to write. An empty --out is refused rather than taken as the current directory.
     */
    static Path outDirectory(CommandLine command, Path out, Path defaultDirectory) {
        if (out != null && out.toString().isBlank()) {
            throw new ParameterException(command, "--out needs a directory; leave it out for " + defaultDirectory);
        }
        Path directory = out == null ? defaultDirectory : out.toAbsolutePath();
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new ParameterException(command, "--out " + directory + " is a file, not a directory");
        }
        try {
            Files.createDirectories(directory);
            Files.delete(Files.createTempFile(directory, ".lab-write-test-", ""));
        } catch (IOException | SecurityException e) {
            throw new ParameterException(
                    command,
                    "cannot write results into " + directory + " (" + reason(e) + "); choose another with --out");
        }
        return directory;
    }

    public static String reason(Exception e) {
        return e instanceof AccessDeniedException
                ? "permission denied"
                : e instanceof NoSuchFileException missing
                        ? "no such file or folder: " + missing.getFile()
                        : e instanceof FileAlreadyExistsException exists
                                ? "a file is in the way: " + exists.getFile()
                                : e instanceof FileSystemException fs && fs.getReason() != null
                                        ? fs.getReason()
                                        : e.getMessage() != null
                                                ? e.getMessage()
                                                : e.getClass().getSimpleName();
    }

    /** --fail-on's names, as the verdicts are spelled in results ("not-reproduced" is "not reproduced"). */
    public static List<String> verdicts(CommandLine command, List<String> names) {
        List<String> valid = List.of("not-reproduced", "not-decided", "not-applicable");
        for (String name : names) {
            if (!valid.contains(name)) {
                throw new ParameterException(
                        command, "--fail-on takes " + String.join(", ", valid) + ", not '" + name + "'");
            }
        }
        return names.stream().map(name -> name.replace('-', ' ')).toList();
    }

    /**
     * A study of the application jar at {@code jar}, checked before any JVM starts: the jar exists and is a
     * file, the path starts with '/', the users or rates rise; {@code steps} sets the steps the command line gave.
     */
    public static Study study(
            CommandLine command,
            String jar,
            String path,
            RequestTemplate request,
            String connections,
            boolean agentCost,
            UnaryOperator<Study.Builder> steps) {
        Path file = Path.of(jar).toAbsolutePath().normalize();
        if (!Files.isRegularFile(file)) {
            throw new ParameterException(command, "no application jar at " + file);
        }
        Study.Builder study = Study.custom(file).request(request).agentCost(agentCost);
        if (path != null) {
            study.path(path);
        }
        connections(command, connections).ifPresent(study::connections);
        Study built;
        try {
            built = steps.apply(study).build();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(command, e.getMessage());
        }
        runnable(command, file);
        return built;
    }

    /** One line, exit 2, for the first of {@code options} the command line gave where it does not apply. */
    public static void refuseAny(CommandLine command, List<String> options, String because) {
        for (String option : options) {
            if (command.getParseResult().hasMatchedOption(option)) {
                throw new ParameterException(command, option + because);
            }
        }
    }

    public static boolean isStudyFile(String argument) {
        return argument.endsWith(".yaml") || argument.endsWith(".yml");
    }

    /** A study file, read and checked whole before any JVM starts. */
    public static Study studyFile(CommandLine command, String file) {
        Path path = Path.of(file).toAbsolutePath().normalize();
        if (!Files.isRegularFile(path)) {
            throw new ParameterException(command, "no study file at " + path);
        }
        try {
            Study study = StudyFile.read(path);
            study.requests().resolved(System::getenv);
            runnable(command, study.jar());
            return study;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(command, e.getMessage());
        }
    }

    /** One line, exit 2, unless {@code jar} is a jar {@code java -jar} can start: before any JVM or results folder. */
    static void runnable(CommandLine command, Path jar) {
        ApplicationJar.refusal(jar).ifPresent(reason -> {
            throw new ParameterException(command, reason);
        });
    }
}
