package org.concurrencylab.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.concurrencylab.results.step.StepResult;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Reads and writes results.json. */
public final class ResultsJson {

    public static final String FILE_NAME = "results.json";

    private static final JsonMapper MAPPER =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    /** The largest file read: a run of every experiment, with its timelines and profiles, writes a few megabytes. */
    static final long MAX_FILE_BYTES = 256L << 20;

    /** A file that is not a lab run's results: truncated, empty, or some other JSON. */
    public static final class NotResults extends IOException {
        public NotResults(String message) {
            super(message);
        }
    }

    private ResultsJson() {}

    /**
     * Writes the whole file next to its place and then moves it there in one step, so that a reader,
     * or a lab killed in the middle of writing, only ever finds the previous complete file or the new one.
     *
     * @throws WriteFailed naming the file and the cause
     */
    public static Path write(RunResult result, Path directory) {
        return AtomicFiles.write(
                directory.resolve(FILE_NAME),
                out -> MAPPER.writeValue(
                        out,
                        ResultsSchema.stamped((ObjectNode) MAPPER.valueToTree(result), MAPPER.createObjectNode())));
    }

    /** @throws NotResults when the file is not a complete results.json of a run */
    public static RunResult read(Path directory) throws IOException {
        Path file = Files.isDirectory(directory) ? directory.resolve(FILE_NAME) : directory;
        if (Files.isRegularFile(file) && Files.size(file) > MAX_FILE_BYTES) {
            throw new NotResults(file + " is " + (Files.size(file) >> 20)
                    + " MB: larger than any run's results (the lab reads at most " + (MAX_FILE_BYTES >> 20) + " MB)");
        }
        RunResult run;
        try {
            if (!(MAPPER.readTree(file.toFile()) instanceof ObjectNode root)) {
                throw new NotResults(file + " is not a lab run's results (not a JSON object)");
            }
            run = MAPPER.treeToValue(ResultsSchema.upgrade(root, file), RunResult.class);
        } catch (JacksonException e) {
            throw new NotResults(file + " is not a lab run's results (" + firstLine(e.getOriginalMessage()) + ")");
        }
        if (run == null || run.run() == null || run.experiments() == null) {
            throw new NotResults(file + " is not a lab run's results (no run or experiments in it)");
        }
        Optional<String> problem = problem(run);
        if (problem.isPresent()) {
            throw new NotResults(file + " is not a lab run's results as the lab writes them: " + problem.get());
        }
        return run;
    }

    /**
     * The first value in a read run that means nothing (a scale past what a run can have, a processor
     * count below one, a figure that is not a number): every report and comparison would print it as if
     * it had been measured.
     */
    static Optional<String> problem(RunResult run) {
        RunInfo info = run.run();
        for (String[] field :
                new String[][] {{"id", info.id()}, {"jdk", info.jdk()}, {"startedAt", info.startedAt()}}) {
            if (field[1] == null || field[1].isBlank()) {
                return Optional.of("run." + field[0] + " is missing");
            }
        }
        Optional<String> scale = ScaleRange.problem(info.scale()).map(problem -> "run.scale " + problem);
        if (scale.isPresent()) {
            return scale;
        }
        if (info.machineCpus() < 1) {
            return Optional.of("run.machineCpus must be at least 1, not " + info.machineCpus());
        }
        for (ExperimentResult experiment : run.experiments()) {
            String where = "experiment " + experiment.name();
            if (experiment.name() == null || experiment.variants() == null || experiment.claims() == null) {
                return Optional.of(where + " lacks its name, variants or claims");
            }
            Optional<String> experimentScale =
                    ScaleRange.problem(experiment.scale()).map(problem -> where + ": scale " + problem);
            if (experimentScale.isPresent()) {
                return experimentScale;
            }
            if (!(experiment.downstreamLatencyMillis() >= 0)
                    || Double.isInfinite(experiment.downstreamLatencyMillis())) {
                return Optional.of(
                        where + ": downstreamLatencyMillis is not a duration: " + experiment.downstreamLatencyMillis());
            }
            for (VariantResult variant : experiment.variants()) {
                if (variant == null || variant.name() == null || variant.steps() == null || variant.cpus() < 1) {
                    return Optional.of(where + ": a variant lacks its name or steps, or has fewer than 1 CPU");
                }
                for (StepResult step : variant.steps()) {
                    if (step == null
                            || step.load() == null
                            || step.client().requests() == null
                            || step.client().latencyMillis() == null) {
                        return Optional.of(
                                where + ", " + variant.name() + ": a step lacks its load, requests or latency");
                    }
                    if (!(step.client().throughputPerSecond() >= 0)
                            || Double.isInfinite(step.client().throughputPerSecond())
                            || step.client().requests().sent() < 0
                            || step.client().requests().ok() < 0
                            || step.client().requests().failed() < 0) {
                        return Optional.of(where + ", " + variant.name() + " " + step.load()
                                + ": a throughput or request count that is not one");
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static String firstLine(String message) {
        return message == null ? "unreadable" : message.lines().findFirst().orElse("unreadable");
    }
}
