package org.concurrencylab.cli.listing;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.concurrencylab.catalog.Experiment;
import org.concurrencylab.catalog.Origin;
import org.concurrencylab.catalog.SweepClaim;
import org.concurrencylab.catalog.Variant;
import org.concurrencylab.catalog.claim.Claim;
import org.concurrencylab.catalog.claim.MachineNeed;
import org.concurrencylab.catalog.claim.MachineShape;
import org.concurrencylab.catalog.claim.MeasuredSpread;
import org.concurrencylab.catalog.claim.NotChecked;
import org.concurrencylab.report.document.WrappedText;
import org.concurrencylab.runner.machine.MachineCpu;

/**
 * An experiment's claims as {@code ./lab list --claims} prints them and docs/reference/claims.md keeps them: each
 * claim's id, the article's figure, what a run holds it to and how far it moved here; on a terminal a line a field,
 * otherwise a line a claim.
 */
public final class ClaimsListing {

    private ClaimsListing() {}

    /** Whether this machine can decide a claim that needs a shape of machine, and what it lacks where it cannot. */
    private static String decidableHere(MachineNeed need) {
        MachineShape here = MachineCpu.shape();
        return need.lackedOn(here).map(lack -> "not decided, " + lack).orElse("decided (" + here.describe() + ")");
    }

    /**
     * The claims of one run, then the sweeps' (checked by ./lab sweep): on a terminal, each id on a line of its own
     * and each of what it says below it, wrapped; otherwise each claim on one line that begins with its id.
     */
    public static void print(PrintWriter out, Experiment experiment, boolean terminal) {
        out.printf(
                "%s  (after \"%s\"): %d claims checked by ./lab run, %d by ./lab sweep%s%n",
                experiment.name(),
                experiment.title(),
                experiment.claims().size(),
                experiment.sweeps().size(),
                experiment.notChecked().isEmpty()
                        ? ""
                        : ", " + experiment.notChecked().size() + " of the article's items not checked");
        if (!experiment.operatingPoint().isEmpty()) {
            String lead = "  operating point: ";
            out.print(
                    terminal
                            ? WrappedText.wrap(lead, "    ", experiment.operatingPoint(), WrappedText.TERMINAL_WIDTH)
                            : lead + experiment.operatingPoint() + System.lineSeparator());
        }
        int cpus = Runtime.getRuntime().availableProcessors();
        if (terminal) {
            for (Claim claim : experiment.claims()) {
                printFields(
                        out,
                        claim.id(),
                        articleSaid(experiment, claim),
                        claim.threshold(),
                        claim.spreads(),
                        claim.machineNeed() == null ? null : decidableHere(claim.machineNeed()));
            }
            for (SweepClaim sweep : experiment.sweeps()) {
                printFields(
                        out,
                        sweep.id() + " (./lab sweep)",
                        articleSaid(sweep),
                        sweep.checkedAt(cpus),
                        sweep.spreads(),
                        null);
            }
            for (NotChecked item : experiment.notChecked()) {
                out.println("  " + NOT_CHECKED);
                printField(out, "article", item.articleSaid());
                printField(out, "needs", item.needs());
            }
            out.println();
            return;
        }
        // one line a claim: the ids in a column as wide as the longest
        int width = experiment.claims().stream()
                .map(Claim::id)
                .mapToInt(String::length)
                .max()
                .orElse(1);
        width = Math.max(
                width,
                experiment.sweeps().stream()
                        .map(SweepClaim::id)
                        .mapToInt(String::length)
                        .max()
                        .orElse(1));
        for (Claim claim : experiment.claims()) {
            out.printf(
                    "  %-" + width + "s  article: %s | checked at: %s%s%s%n",
                    claim.id(),
                    articleSaid(experiment, claim),
                    claim.threshold(),
                    spreadHere(claim.spreads()),
                    claim.machineNeed() == null ? "" : " | here: " + decidableHere(claim.machineNeed()));
        }
        for (SweepClaim sweep : experiment.sweeps()) {
            out.printf(
                    Locale.ROOT,
                    "  %-" + width + "s  article: %s | checked at: %s%s%n",
                    sweep.id(),
                    articleSaid(sweep),
                    sweep.checkedAt(cpus),
                    spreadHere(sweep.spreads()));
        }
        for (NotChecked item : experiment.notChecked()) {
            out.printf("  %-" + width + "s  article: %s | needs: %s%n", NOT_CHECKED, item.articleSaid(), item.needs());
        }
        out.println();
    }

    /** Where a claim's id stands, for an article item no claim checks. */
    private static final String NOT_CHECKED = "(not checked)";

    /**
     * The article's figure or statement; where it gave none, whether the claim is about a variant no article ran
     * (the variant its chart shows first) or is the lab's own check on the articles' variants.
     */
    private static String articleSaid(Experiment experiment, Claim claim) {
        if (claim.articleFigure() != null) {
            return claim.articleFigure();
        }
        return claim.chart().variants().stream()
                .findFirst()
                .flatMap(experiment::variant)
                .map(Variant::origin)
                .filter(origin -> origin != Origin.SEED)
                .map(origin -> "none: a variant no article ran (" + origin.label() + ")")
                .orElse("none: the lab's own check");
    }

    /** The article's figure or statement a sweep puts on a curve, or that it is the lab's own sweep. */
    private static String articleSaid(SweepClaim sweep) {
        return sweep.articleSaid() == null ? "none (a lab's sweep)" : sweep.articleSaid();
    }

    private static final String FIELD_INDENT = "      ";
    private static final int FIELD_NAME_WIDTH = 12;

    /** A claim on a terminal: its id, then a line for each field, each wrapped under its own start. */
    private static void printFields(
            PrintWriter out, String id, String article, String checkedAt, List<MeasuredSpread> spreads, String here) {
        out.println("  " + id);
        printField(out, "article", article);
        printField(out, "checked at", checkedAt);
        for (int i = 0; i < spreads.size(); i++) {
            printField(out, i == 0 ? "spread here" : "", spreads.get(i).describe());
        }
        if (here != null) {
            printField(out, "here", here);
        }
    }

    private static void printField(PrintWriter out, String name, String value) {
        String lead = FIELD_INDENT + String.format(Locale.ROOT, "%-" + FIELD_NAME_WIDTH + "s ", name);
        out.print(WrappedText.wrap(lead, " ".repeat(lead.length()), value, WrappedText.TERMINAL_WIDTH));
    }

    private static String spreadHere(List<MeasuredSpread> spreads) {
        return spreads.isEmpty()
                ? ""
                : " | spread here: "
                        + String.join(
                                "; ",
                                spreads.stream().map(MeasuredSpread::describe).toList());
    }
}
