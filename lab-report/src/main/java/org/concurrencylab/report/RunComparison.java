package org.concurrencylab.report;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.concurrencylab.report.document.Figures;
import org.concurrencylab.report.document.Html;
import org.concurrencylab.report.document.TextTable;
import org.concurrencylab.results.ClaimResult;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.RunResult;
import org.concurrencylab.results.VariantResult;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.sweep.SweepResult;
import org.concurrencylab.results.usage.CoreSpeed;
import org.concurrencylab.results.usage.MachineUsage;

/**
 * Runs side by side, the first as the baseline: per step of the experiments they share, how
 * throughput and the latency percentiles moved, flagged beyond a tolerance; the claims whose verdict
 * changed; and what differs in their environments. In the terminal and as compare.html.
 */
public final class RunComparison {

    /**
     * How far a figure moves between two runs of the same settings on this 2-core machine, measured
     * with the fidelity benchmark (three runs of the catalog at the defaults, one after another).
     * Steps that wait (every experiment but cpu-bound): throughput moved by up to 6.4 % (Netty's loops
     * taking 10 users' new connections in turn, boundedElastic's per-thread queues), latency
     * percentiles by up to 12.6 % (a p99 of Tomcat's 200 workers). Steps whose work is CPU: throughput
     * by up to 11 % and the p50 by up to 23 % (parallel-2: the JVMs' rates for the same code spread).
     * Beyond these, a move is a change.
     */
    public static final double THROUGHPUT_TOLERANCE = 0.07;

    public static final double LATENCY_TOLERANCE = 0.15;
    public static final double CPU_WORK_THROUGHPUT_TOLERANCE = 0.12;
    public static final double CPU_WORK_LATENCY_TOLERANCE = 0.25;

    /**
     * One figure of one step, in the baseline and another run.
     *
     * @param machineBound whether the step was machine-bound in either run: this machine's CPU, a JIT still
     *                     compiling or a slowed host may have set the figure there, so a move beyond tolerance
     *                     is not the change's alone; it still counts as a move
     */
    public record Move(
            String experiment,
            String variant,
            String load,
            String figure,
            double before,
            double after,
            boolean beyondTolerance,
            boolean machineBound) {

        double change() {
            return before == 0 ? 0 : after / before - 1;
        }
    }

    /**
     * A sweep's knee in both runs: the same experiment, variant and knob. Moved when it is in one run and not
     * the other, or shifted by more than {@link #KNEE_TOLERANCE}.
     */
    public record KneeMove(
            String experiment, String variant, String knob, OptionalDouble before, OptionalDouble after) {

        public boolean moved() {
            if (before.isEmpty() || after.isEmpty()) {
                return before.isPresent() != after.isPresent();
            }
            return Math.abs(after.getAsDouble() / before.getAsDouble() - 1) > KNEE_TOLERANCE;
        }

        String sentence() {
            return format(
                    Locale.ROOT,
                    "%s %s, knob %s: knee %s -> %s%s",
                    experiment,
                    variant,
                    knob,
                    knee(before),
                    knee(after),
                    moved() ? " (moved)" : " (within " + Math.round(100 * KNEE_TOLERANCE) + " %)");
        }

        private static String knee(OptionalDouble knee) {
            return knee.isEmpty() ? "none" : Figures.number(knee.getAsDouble());
        }
    }

    /**
     * How far a sweep's knee may shift and still be the same: a knee is read between two points of the knob,
     * and the throughput it is read from moves by the {@link #THROUGHPUT_TOLERANCE} from run to run.
     */
    public static final double KNEE_TOLERANCE = 0.10;

    public record VerdictChange(String experiment, String claim, String before, String after) {

        /** From reproduced to not reproduced or back: the claim's answer changed, not only whether one run could tell. */
        public boolean decisive() {
            return DECIDED.contains(before) && DECIDED.contains(after);
        }
    }

    private static final List<String> DECIDED = List.of("reproduced", "not reproduced");

    public record Comparison(
            String baseline,
            String other,
            List<String> environment,
            List<Move> moves,
            List<VerdictChange> verdicts,
            List<KneeMove> knees,
            String host) {

        public List<Move> beyondTolerance() {
            return moves.stream().filter(Move::beyondTolerance).toList();
        }

        /** Whether anything changed: a decided verdict, a figure beyond its tolerance, or a sweep's knee. */
        public boolean changed() {
            return verdicts.stream().anyMatch(VerdictChange::decisive)
                    || !beyondTolerance().isEmpty()
                    || knees.stream().anyMatch(KneeMove::moved);
        }

        /** What changed, in one sentence, for the top of the comparison. */
        public String headline() {
            long decisive = verdicts.stream().filter(VerdictChange::decisive).count();
            if (!changed()) {
                return "No change beyond tolerance: no claim changed between reproduced and not reproduced, and none of the "
                        + moves.size() + " figures moved beyond its tolerance"
                        + (verdicts.isEmpty()
                                ? "."
                                : " (" + verdicts.size()
                                        + " verdicts moved to or from one that a single run could not decide).");
            }
            long knees = knees().stream().filter(KneeMove::moved).count();
            long onMachineBound =
                    beyondTolerance().stream().filter(Move::machineBound).count();
            return format(
                    Locale.ROOT,
                    "Changed: %d claims between reproduced and not reproduced, %d of %d figures beyond tolerance%s%s.",
                    decisive,
                    beyondTolerance().size(),
                    moves.size(),
                    onMachineBound == 0
                            ? ""
                            : " (" + (onMachineBound == beyondTolerance().size() ? "all" : onMachineBound)
                                    + " on steps machine-bound in either run, where this machine may have moved them)",
                    knees == 0 ? "" : ", " + knees + " knee" + (knees == 1 ? "" : "s") + " moved");
        }
    }

    private RunComparison() {}

    public static List<Comparison> of(List<RunResult> runs) {
        RunResult baseline = runs.getFirst();
        return runs.subList(1, runs.size()).stream()
                .map(other -> compare(baseline, other))
                .toList();
    }

    static Comparison compare(RunResult baseline, RunResult other) {
        List<Move> moves = new ArrayList<>();
        List<VerdictChange> verdicts = new ArrayList<>();
        for (ExperimentResult before : baseline.experiments()) {
            Optional<ExperimentResult> after = other.experiments().stream()
                    .filter(experiment -> experiment.name().equals(before.name()))
                    .findFirst();
            if (after.isEmpty()) {
                continue;
            }
            for (VariantResult variant : before.variants()) {
                for (StepResult step : variant.steps()) {
                    step(after.get(), variant.name(), step.load())
                            .ifPresent(moved -> moves.addAll(moves(before.name(), variant.name(), step, moved)));
                }
            }
            for (ClaimResult claim : before.claims()) {
                after.get().claims().stream()
                        .filter(candidate -> candidate.id().equals(claim.id()))
                        .findFirst()
                        .filter(candidate -> !candidate.status().equals(claim.status()))
                        .ifPresent(changed -> verdicts.add(
                                new VerdictChange(before.name(), claim.id(), claim.status(), changed.status())));
            }
        }
        return new Comparison(
                baseline.run().id(),
                other.run().id(),
                environment(baseline, other),
                moves,
                verdicts,
                knees(baseline, other),
                host(baseline, other));
    }

    /**
     * The two hosts' speed in a sentence: what the lab's core-speed meter spent on one term of its fixed series,
     * the median over each run's steps. The meter judges each step against its own run's usual speed, so only here
     * does a host that was slower for a whole run show; empty where either run was not metered.
     */
    static String host(RunResult baseline, RunResult other) {
        List<Double> before = nanosPerTerm(baseline);
        List<Double> after = nanosPerTerm(other);
        if (before.isEmpty() || after.isEmpty()) {
            return "";
        }
        double was = Figures.median(before);
        double is = Figures.median(after);
        return format(
                Locale.ROOT,
                "host: the lab's core-speed meter spent %.3f ns a term in the baseline and %.3f in this run (medians "
                        + "over the steps): the same work took %.1f %% %s CPU here, and a figure that spends CPU may move "
                        + "with it",
                was,
                is,
                100 * Math.abs(is / was - 1),
                is >= was ? "more" : "less");
    }

    private static List<Double> nanosPerTerm(RunResult run) {
        return run.experiments().stream()
                .flatMap(experiment -> experiment.variants().stream())
                .flatMap(variant -> variant.steps().stream())
                .map(StepResult::machine)
                .filter(Objects::nonNull)
                .map(MachineUsage::coreSpeed)
                .filter(speed -> speed != null && speed.samples() > 0)
                .map(CoreSpeed::cpuNanosPerTerm)
                .toList();
    }

    private static List<KneeMove> knees(RunResult baseline, RunResult other) {
        List<KneeMove> knees = new ArrayList<>();
        for (SweepResult before : baseline.sweeps()) {
            other.sweeps().stream()
                    .filter(after -> after.experiment().equals(before.experiment())
                            && after.variant().equals(before.variant())
                            && after.knob().equals(before.knob()))
                    .findFirst()
                    .ifPresent(after -> knees.add(new KneeMove(
                            before.experiment(),
                            before.variant(),
                            before.knob(),
                            before.fit().knee(),
                            after.fit().knee())));
        }
        return knees;
    }

    private static List<Move> moves(String experiment, String variant, StepResult before, StepResult after) {
        // a step whose work is CPU moves further from run to run
        boolean cpuWork = before.machine() != null && before.machine().cpuWork();
        boolean machineBound = before.machineBound() || after.machineBound();
        double throughput = cpuWork ? CPU_WORK_THROUGHPUT_TOLERANCE : THROUGHPUT_TOLERANCE;
        double latency = cpuWork ? CPU_WORK_LATENCY_TOLERANCE : LATENCY_TOLERANCE;
        List<Move> moves = new ArrayList<>();
        moves.add(move(
                experiment,
                variant,
                before.load(),
                "TPS",
                before.client().throughputPerSecond(),
                after.client().throughputPerSecond(),
                throughput,
                machineBound));
        moves.add(move(
                experiment,
                variant,
                before.load(),
                "p50 ms",
                before.client().latencyMillis().p50(),
                after.client().latencyMillis().p50(),
                latency,
                machineBound));
        moves.add(move(
                experiment,
                variant,
                before.load(),
                "p95 ms",
                before.client().latencyMillis().p95(),
                after.client().latencyMillis().p95(),
                latency,
                machineBound));
        moves.add(move(
                experiment,
                variant,
                before.load(),
                "p99 ms",
                before.client().latencyMillis().p99(),
                after.client().latencyMillis().p99(),
                latency,
                machineBound));
        return moves;
    }

    private static Move move(
            String experiment,
            String variant,
            String load,
            String figure,
            double before,
            double after,
            double tolerance,
            boolean machineBound) {
        boolean beyond = before > 0 && Math.abs(after / before - 1) > tolerance;
        return new Move(experiment, variant, load, figure, before, after, beyond, machineBound);
    }

    private static Optional<StepResult> step(ExperimentResult experiment, String variant, String load) {
        return experiment.variants().stream()
                .filter(candidate -> candidate.name().equals(variant))
                .flatMap(candidate -> candidate.steps().stream())
                .filter(step -> step.load().equals(load))
                .findFirst();
    }

    /** What differs between the two runs' settings and machines, by name: "jdk: 21 -> 25". */
    private static List<String> environment(RunResult baseline, RunResult other) {
        Map<String, String> before = settings(baseline);
        Map<String, String> after = settings(other);
        List<String> differences = new ArrayList<>();
        before.forEach((name, value) -> {
            String changed = after.get(name);
            if (after.containsKey(name) && !Objects.equals(value, changed)) {
                differences.add(name + ": " + value + " -> " + changed);
            }
        });
        return differences;
    }

    private static Map<String, String> settings(RunResult run) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("jdk", run.run().jdk());
        settings.put("springBoot", run.run().springBoot());
        settings.put("os", run.run().os());
        settings.put("machineCpus", Integer.toString(run.run().machineCpus()));
        for (ExperimentResult experiment : run.experiments()) {
            settings.put(experiment.name() + " scale", Figures.number(experiment.scale()));
            settings.put(experiment.name() + " jit", String.valueOf(experiment.jit()));
            settings.put(
                    experiment.name() + " service CPUs",
                    experiment.variants().stream()
                            .map(VariantResult::cpus)
                            .distinct()
                            .toList()
                            .toString());
            settings.put(
                    experiment.name() + " connections",
                    experiment.variants().stream()
                            .flatMap(variant -> variant.steps().stream())
                            .map(step -> step.plan().connections())
                            .filter(Objects::nonNull)
                            .findFirst()
                            .orElse("unrecorded"));
        }
        return settings;
    }

    public static String render(List<Comparison> comparisons) {
        StringBuilder out = new StringBuilder();
        for (Comparison comparison : comparisons) {
            out.append(format(
                    Locale.ROOT, "== %s against %s (the baseline)%n", comparison.other(), comparison.baseline()));
            out.append("   ").append(comparison.headline()).append('\n');
            out.append(
                    comparison.environment().isEmpty()
                            ? "   same settings and machine\n"
                            : "   differs: " + String.join("; ", comparison.environment()) + "\n");
            if (!comparison.host().isEmpty()) {
                out.append("   ").append(comparison.host()).append('\n');
            }
            comparison
                    .knees()
                    .forEach(knee -> out.append("   ").append(knee.sentence()).append('\n'));
            out.append(format(
                    Locale.ROOT,
                    "%nClaims whose verdict changed: %s%n",
                    comparison.verdicts().isEmpty() ? "none" : ""));
            comparison
                    .verdicts()
                    .forEach(change -> out.append(format(
                            Locale.ROOT,
                            "  %s %s: %s -> %s%s%n",
                            change.experiment(),
                            change.claim(),
                            change.before(),
                            change.after(),
                            change.decisive() ? "" : " (one run could not tell)")));
            out.append(format(
                    Locale.ROOT,
                    "%nFigures beyond tolerance (throughput %.0f %%, latency %.0f %%; CPU work %.0f %% and %.0f %%): %s%n",
                    100 * THROUGHPUT_TOLERANCE,
                    100 * LATENCY_TOLERANCE,
                    100 * CPU_WORK_THROUGHPUT_TOLERANCE,
                    100 * CPU_WORK_LATENCY_TOLERANCE,
                    comparison.beyondTolerance().isEmpty() ? "none" : ""));
            if (!comparison.beyondTolerance().isEmpty()) {
                out.append(table(comparison.beyondTolerance()).render());
            }
            out.append(format(
                    Locale.ROOT, "(%d figures compared)%n%n", comparison.moves().size()));
        }
        return out.toString();
    }

    public static String renderHtml(List<Comparison> comparisons) {
        StringBuilder body = new StringBuilder("<h1>Concurrency Lab: runs compared</h1>\n");
        for (Comparison comparison : comparisons) {
            body.append(format(
                    Locale.ROOT,
                    "<h2>%s against %s <small>(the baseline)</small></h2>%n",
                    Html.escape(comparison.other()),
                    Html.escape(comparison.baseline())));
            body.append("<p class=\"headline\"><strong>")
                    .append(Html.escape(comparison.headline()))
                    .append("</strong></p>\n");
            body.append("<p>")
                    .append(Html.escape(
                            comparison.environment().isEmpty()
                                    ? "Same settings and machine."
                                    : "Differs: " + String.join("; ", comparison.environment())))
                    .append("</p>\n");
            if (!comparison.host().isEmpty()) {
                body.append("<p>").append(Html.escape(comparison.host())).append("</p>\n");
            }
            comparison
                    .knees()
                    .forEach(knee -> body.append("<p>")
                            .append(Html.escape(knee.sentence()))
                            .append("</p>\n"));
            body.append("<h3>Claims whose verdict changed</h3>\n<ul>\n");
            if (comparison.verdicts().isEmpty()) {
                body.append("<li>none</li>\n");
            }
            comparison
                    .verdicts()
                    .forEach(change -> body.append("<li>")
                            .append(Html.escape(change.experiment() + " " + change.claim() + ": " + change.before()
                                    + " -> " + change.after()))
                            .append("</li>\n"));
            body.append("</ul>\n");
            body.append(format(
                    Locale.ROOT,
                    "<h3>Every figure <small>(beyond tolerance, marked: throughput %.0f %%, latency "
                            + "%.0f %%; CPU work %.0f %% and %.0f %%)</small></h3>%n",
                    100 * THROUGHPUT_TOLERANCE,
                    100 * LATENCY_TOLERANCE,
                    100 * CPU_WORK_THROUGHPUT_TOLERANCE,
                    100 * CPU_WORK_LATENCY_TOLERANCE));
            body.append(table(comparison.moves()).renderHtml());
        }
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Concurrency Lab: runs compared</title>\n"
                + "<style>body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;font-size:13px}"
                + "td,th{border:1px solid #ccc;padding:3px 6px}td.num{text-align:right}small{color:#666}</style></head>\n"
                + "<body>\n" + body + "</body></html>\n";
    }

    private static TextTable table(List<Move> moves) {
        TextTable table =
                new TextTable("experiment", "variant", "load", "figure", "baseline", "this run", "change", "beyond");
        for (Move move : moves) {
            table.add(
                    move.experiment(),
                    move.variant(),
                    move.load(),
                    move.figure(),
                    Figures.number(move.before()),
                    Figures.number(move.after()),
                    format(Locale.ROOT, "%+.1f %%", 100 * move.change()),
                    move.beyondTolerance() ? (move.machineBound() ? "yes, machine-bound" : "yes") : "");
        }
        return table;
    }
}
