package org.concurrencylab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.concurrencylab.report.RunComparison;
import org.concurrencylab.results.AtomicFiles;
import org.concurrencylab.results.ResultsJson;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.WriteFailed;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "compare",
        description = {
            "Compare runs of the same experiments, the first as the baseline: the claims whose verdict changed, every step's "
                    + "throughput and latency percentiles beyond tolerance, and what differs in their settings and machines.",
            "Writes compare.html into the last run's directory. Exit code 0, or 3 when a claim's verdict changed between "
                    + "reproduced and not reproduced or a figure moved beyond tolerance, 2 on bad input."
        })
final class CompareCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(
            arity = "2..*",
            paramLabel = "DIR",
            description = "results/<run> directories; the first is the baseline.")
    private List<Path> directories;

    @Override
    public Integer call() throws IOException {
        List<RunResult> runs = new ArrayList<>();
        for (Path directory : directories) {
            try {
                runs.add(ResultsJson.read(directory));
            } catch (IOException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        List<RunComparison.Comparison> comparisons = RunComparison.of(runs);
        for (RunComparison.Comparison comparison : comparisons) {
            // a guard that compared nothing would pass anything: a CI must hear that it compared nothing
            if (comparison.moves().isEmpty() && comparison.verdicts().isEmpty()) {
                throw new ParameterException(
                        spec.commandLine(),
                        "runs " + comparison.baseline() + " and " + comparison.other()
                                + " have no experiment, variant and load in common: nothing to compare");
            }
        }
        System.out.print(RunComparison.render(comparisons));
        Path last = directories.getLast();
        Path html = (Files.isDirectory(last) ? last : last.toAbsolutePath().getParent()).resolve("compare.html");
        try {
            AtomicFiles.writeString(html, RunComparison.renderHtml(comparisons));
            System.out.println("Comparison: " + html);
        } catch (WriteFailed e) {
            // the comparison is printed above and the exit code says it; the page is a convenience
            System.err.println("lab: " + e.getMessage());
        }
        boolean changed = comparisons.stream().anyMatch(RunComparison.Comparison::changed);
        return changed ? RunCommand.CLAIM_FAILED : 0;
    }
}
