package org.concurrencylab.report.section;

import static java.lang.String.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import org.concurrencylab.capacity.ServiceCapacityModel;
import org.concurrencylab.report.document.Block;
import org.concurrencylab.report.document.Figures;
import org.concurrencylab.report.document.TextTable;
import org.concurrencylab.results.ExperimentResult;
import org.concurrencylab.results.capacity.CapacityCheck;
import org.concurrencylab.results.capacity.CapacityProjection;
import org.concurrencylab.results.capacity.ResourceDemand;
import org.concurrencylab.results.capacity.ServiceCapacity;
import org.concurrencylab.results.interval.Interval;
import org.concurrencylab.results.step.StepResult;

/**
 * A study's capacity models as report blocks: per variant, every resource with its size, what a request costs it
 * and what it allows; the limit; the projection onto the user's target; the advice measured again.
 */
public final class CapacityReport {

    private CapacityReport() {}

    public static List<Block> of(ExperimentResult experiment) {
        List<Block> blocks = new ArrayList<>();
        for (ServiceCapacity model : experiment.capacity()) {
            blocks.add(new Block.Heading(
                    3,
                    "Capacity model of " + model.variant(),
                    "per request, holds from " + model.holdsFrom() + ", the limit at " + model.decidedAt(),
                    "capacity-" + model.variant()));
            blocks.add(new Block.Table(resources(model.resources(), model.throughputPerSecond(), model.decidedAt())));
            blocks.add(new Block.Paragraph(limit(model), Block.Tone.PLAIN));
            model.downstreams()
                    .forEach(called -> blocks.add(new Block.Paragraph(
                            format(
                                    Locale.ROOT,
                                    "Calls: %s, %.2f a request at %s, %.1f ms each by its own timers: time a request "
                                            + "holds whatever it waits on.",
                                    called.name(),
                                    called.callsPerRequest(),
                                    model.holdsFrom(),
                                    called.meanMillis()),
                            Block.Tone.PLAIN)));
            if (model.notModelled() != null) {
                blocks.add(new Block.Paragraph("Not in the model: " + model.notModelled() + ".", Block.Tone.ALERT));
            }
            if (!model.forked()) {
                blocks.add(new Block.Paragraph(
                        "From one JVM: these figures carry no interval, and another JVM of the same settings may read "
                                + "them otherwise.",
                        Block.Tone.NOTE));
            }
            if (model.projection() != null) {
                blocks.add(new Block.Paragraph(projected(model, model.projection()), Block.Tone.PLAIN));
                blocks.add(new Block.Table(target(model.projection())));
            }
            if (model.check() != null) {
                blocks.add(new Block.Paragraph(
                        checked(model.check())
                                + sharedCores(experiment, model)
                                        .map(" "::concat)
                                        .orElse(""),
                        Block.Tone.PLAIN));
            }
        }
        return blocks;
    }

    /**
     * A variant's limit in one line, for the answer: the resource that stops it at its heaviest step and what it
     * allows, with those the forks could not tell apart from it.
     */
    public static String limitInBrief(ServiceCapacity model) {
        ResourceDemand limit = model.resource(model.limit()).orElseThrow();
        String stopped = limit.isLoad()
                ? format(
                        Locale.ROOT,
                        "nothing of the service's stops it at %s: the %s themselves",
                        model.decidedAt(),
                        limit.name())
                : format(Locale.ROOT, "%s stops it at %s", limit.name(), model.decidedAt());
        String line = format(
                Locale.ROOT,
                "%s: %s, allowing %s; %s served",
                model.variant(),
                stopped,
                Figures.withInterval(limit.allowsPerSecond(), limit.allowsPerSecondInterval(), "/s"),
                Figures.withInterval(model.throughputPerSecond(), model.throughputPerSecondInterval(), "/s"));
        if (!model.notToldApart().isEmpty()) {
            line += "; not told apart at this load from " + notToldApart(model, "");
        }
        return line + (model.forked() ? format(Locale.ROOT, " (%d forks)", model.forks()) : " (one JVM)") + ".";
    }

    /** The resources not told apart from the limit, each with what it allows: "users (allowing 189.5/s ±1.0%)". */
    private static String notToldApart(ServiceCapacity model, String before) {
        return String.join(
                ", ",
                model.notToldApart().stream()
                        .map(name -> model.resource(name)
                                .map(other -> name + " (" + before
                                        + Figures.withInterval(
                                                other.allowsPerSecond(), other.allowsPerSecondInterval(), "/s")
                                        + ")")
                                .orElse(name))
                        .toList());
    }

    private static TextTable resources(List<ResourceDemand> resources, double served, String at) {
        TextTable table = new TextTable("resource", "size", "per request", "allows /s", "used at " + at);
        for (ResourceDemand resource : resources) {
            table.add(
                    resource.name(),
                    size(resource),
                    perRequest(resource),
                    allows(resource),
                    format(Locale.ROOT, "%.0f %%", 100 * served / resource.allowsPerSecond()));
        }
        return table;
    }

    /** What a resource allows a second, with its interval over the forks where it has one. */
    private static String allows(ResourceDemand resource) {
        String allows = format(Locale.ROOT, "%.1f", resource.allowsPerSecond());
        return resource.allowsPerSecondInterval() == null
                ? allows
                : allows + " " + Figures.plusOrMinus(resource.allowsPerSecondInterval(), resource.allowsPerSecond());
    }

    /** A hold, a cycle or a CPU time, with its interval over the forks where it has one. */
    private static String hold(ResourceDemand resource, double millis) {
        String hold = format(Locale.ROOT, "%.2f ms", millis);
        return resource.holdMillisInterval() == null
                ? hold
                : hold + " " + Figures.plusOrMinus(resource.holdMillisInterval(), resource.holdMillis());
    }

    private static String size(ResourceDemand resource) {
        return switch (resource.kind()) {
            case ResourceDemand.ARRIVALS -> format(Locale.ROOT, "%.0f/s", resource.size());
            default -> format(Locale.ROOT, "%.0f", resource.size());
        };
    }

    private static String perRequest(ResourceDemand resource) {
        return switch (resource.kind()) {
            case ResourceDemand.CORES -> hold(resource, resource.holdMillis()) + " CPU";
            case ResourceDemand.POOL ->
                resource.handOverMillis() > 0
                        ? format(
                                Locale.ROOT,
                                "taken %s (handed over %.2f)",
                                hold(resource, resource.holdMillis()),
                                resource.handOverMillis())
                        : "held " + hold(resource, resource.holdMillis());
            case ResourceDemand.USERS -> "cycle " + hold(resource, resource.holdMillis());
            default -> "";
        };
    }

    private static String limit(ServiceCapacity model) {
        ResourceDemand limit = model.resource(model.limit()).orElseThrow();
        String what = switch (limit.kind()) {
            case ResourceDemand.CORES ->
                !limit.name().equals(ResourceDemand.CORES)
                        ? format(
                                Locale.ROOT,
                                "the %s (%.0f, by an affinity mask), at %.2f ms of CPU a request",
                                limit.name(),
                                limit.size(),
                                limit.holdMillis())
                        : format(
                                Locale.ROOT,
                                "this machine's %.0f cores, at %.2f ms of CPU a request on every process here (the lab's load "
                                        + "driver's included%s)",
                                limit.size(),
                                limit.holdMillis(),
                                model.serviceCpuMillis().isEmpty()
                                        ? ""
                                        : format(
                                                Locale.ROOT,
                                                "; the service's own: %.2f ms",
                                                model.serviceCpuMillis().getAsDouble()));
            case ResourceDemand.POOL ->
                format(
                        Locale.ROOT,
                        "%s, %.0f %s each %s a request%s",
                        limit.name(),
                        limit.size(),
                        limit.size() == 1 ? "member" : "members",
                        limit.handOverMillis() > 0
                                ? format(
                                        Locale.ROOT,
                                        "taken %.2f ms (held %.2f, then handed over to a waiting caller in %.2f)",
                                        limit.holdMillis(),
                                        limit.holdMillis() - limit.handOverMillis(),
                                        limit.handOverMillis())
                                : format(Locale.ROOT, "held %.2f ms", limit.holdMillis()),
                        limit.property() == null
                                ? " (sized in the application's code)"
                                : " (" + limit.property() + ")");
            case ResourceDemand.USERS -> "the users themselves: nothing of the service's saturated first";
            default -> "the arrivals themselves: nothing of the service's saturated first";
        };
        String sentence = format(
                Locale.ROOT,
                "Limit at %s: %s, allowing %s; %s served, %.0f %% of it.",
                model.decidedAt(),
                what,
                Figures.withInterval(limit.allowsPerSecond(), limit.allowsPerSecondInterval(), "/s"),
                Figures.withInterval(model.throughputPerSecond(), model.throughputPerSecondInterval(), "/s"),
                100 * model.explainedShare());
        if (model.notToldApart().isEmpty()) {
            return sentence;
        }
        return sentence
                + format(
                        Locale.ROOT,
                        " Not told apart at this load: %s, whose interval meets the limit's over the %d forks, so "
                                + "either may be what saturates first.",
                        notToldApart(model, "allowing "),
                        model.forks());
    }

    static String projected(ServiceCapacity model, CapacityProjection projection) {
        String on = format(
                Locale.ROOT,
                "On %s (cores as fast as this machine's, the lab's load driver left behind, every pool as it is)",
                projection.target());
        String caveat = projection.caveat() == null
                ? ""
                : " What the model leaves out, which could move this: " + projection.caveat() + ".";
        if (projection.throughputPerSecond() == null) {
            return on + ": nothing to carry there, as the model has no resource of the service's." + caveat;
        }
        String range = projection.throughputPerSecondInterval() == null
                ? ""
                : format(
                        Locale.ROOT,
                        " (%.1f to %.1f/s over the forks)",
                        projection.throughputPerSecondInterval().low(),
                        projection.throughputPerSecondInterval().high());
        String notToldApart = projection.notToldApart().isEmpty()
                ? ""
                : ", not told apart from " + String.join(" and ", projection.notToldApart());
        String reach = ResourceDemand.ARRIVALS.equals(projection.limit())
                ? format(
                        Locale.ROOT,
                        "the service would serve the %.0f/s asked%s%s",
                        projection.throughputPerSecond(),
                        notToldApart.isEmpty() ? " with every resource to spare" : range,
                        notToldApart)
                : format(
                        Locale.ROOT,
                        "the service would reach %.1f/s%s, stopped by %s%s",
                        projection.throughputPerSecond(),
                        range,
                        projection.limit(),
                        notToldApart);
        StringBuilder sentence =
                new StringBuilder(on).append(": ").append(reach).append('.');
        if (!projection.sizesForRate().isEmpty()) {
            sentence.append(format(
                    Locale.ROOT, " For %.0f/s it needs", projection.target().ratePerSecond()));
            List<String> needs = new ArrayList<>();
            for (CapacityProjection.SizeForRate size : projection.sizesForRate()) {
                // a pool already as large as the rate needs is left as it is: Little's law gives no headroom
                double present = model.resource(size.name())
                        .filter(resource -> ResourceDemand.POOL.equals(resource.kind()))
                        .map(ResourceDemand::size)
                        .orElse(0.0);
                String advice = present >= size.sizeAtMost()
                        ? present == 1 ? "; its one is enough" : format(Locale.ROOT, "; its %.0f are enough", present)
                        : size.property() == null ? "" : "; " + size.property() + "=" + size.sizeAtMost();
                String sized = size.sizeAtMost() > size.size()
                        ? format(Locale.ROOT, "%d to %d", size.size(), size.sizeAtMost())
                        : Integer.toString(size.size());
                String inUse = size.exactInterval() == null
                        ? format(Locale.ROOT, "%.2f in use", size.exact())
                        : format(
                                Locale.ROOT,
                                "%.2f to %.2f in use",
                                Math.max(0, size.exactInterval().low()),
                                size.exactInterval().high());
                needs.add(format(Locale.ROOT, " %s %s (%s%s)", size.name(), sized, inUse, advice));
            }
            sentence.append(String.join(",", needs)).append(", by Little's law, with no headroom for bursts.");
        }
        return sentence.append(caveat).toString();
    }

    private static TextTable target(CapacityProjection projection) {
        TextTable table = new TextTable("resource there", "size", "per request", "allows /s");
        for (ResourceDemand resource : projection.resources()) {
            table.add(resource.name(), size(resource), perRequest(resource), allows(resource));
        }
        return table;
    }

    /**
     * For a projection from the application's own cores onto all of them, where the lab's processes then share its
     * cores: the service's CPU and involuntary context switches per request on each side, which say how much of the
     * error is the cost of sharing rather than of the cores' number.
     */
    static Optional<String> sharedCores(ExperimentResult experiment, ServiceCapacity model) {
        CapacityCheck check = model.check();
        if (check == null || !CapacityCheck.CORES.equals(check.property())) {
            return Optional.empty();
        }
        Optional<StepResult> alone = step(experiment, model.variant(), model.decidedAt());
        Optional<StepResult> sharing = step(experiment, check.variant(), check.step());
        if (alone.isEmpty() || sharing.isEmpty()) {
            return Optional.empty();
        }
        OptionalDouble aloneCpu = ServiceCapacityModel.serviceCpuMillis(alone.get());
        OptionalDouble sharingCpu = ServiceCapacityModel.serviceCpuMillis(sharing.get());
        if (aloneCpu.isEmpty() || sharingCpu.isEmpty()) {
            return Optional.empty();
        }
        double aloneMillis = aloneCpu.getAsDouble();
        double sharingMillis = sharingCpu.getAsDouble();
        String switches = preemptionsPerRequest(alone.get())
                .flatMap(before -> preemptionsPerRequest(sharing.get())
                        .map(after -> format(
                                Locale.ROOT, "; the cores taken from it %.1f and %.1f times a request", before, after)))
                .orElse("");
        return Optional.of(format(
                Locale.ROOT,
                "Per request, the service's own CPU was %.3f ms on its cores alone and %.3f ms sharing every core with "
                        + "the lab's processes (%+.0f %%)%s: the model takes a request's CPU as fixed, and here it "
                        + "depends on what shares the cores.",
                aloneMillis,
                sharingMillis,
                100 * (sharingMillis / aloneMillis - 1),
                switches));
    }

    private static Optional<StepResult> step(ExperimentResult experiment, String variant, String load) {
        return experiment.variants().stream()
                .filter(result -> result.name().equals(variant))
                .flatMap(result -> result.steps().stream())
                .filter(step -> step.load().equals(load))
                .findFirst();
    }

    /** The service's involuntary context switches a request (a core taken from a thread that could run). */
    private static Optional<Double> preemptionsPerRequest(StepResult step) {
        if (step.service().process() == null
                || step.service().process().involuntaryContextSwitches().isEmpty()
                || step.client().requests().ok() == 0) {
            return Optional.empty();
        }
        return Optional.of(
                (double) step.service().process().involuntaryContextSwitches().getAsLong()
                        / step.client().requests().ok());
    }

    private static String checked(CapacityCheck check) {
        if (CapacityCheck.CORES.equals(check.property())) {
            return format(
                    Locale.ROOT,
                    "Projection tested: carried onto all %d cores (every process's CPU per request as measured here), "
                            + "this model said %s would allow %s; %s, run on all of them, allowed %s (%s: its "
                            + "throughput over the share of its %s in use): %s.",
                    check.size(),
                    check.predictedLimit(),
                    perSecond(check.predictedPerSecond(), check.predictedInterval()),
                    check.variant(),
                    perSecond(check.measuredPerSecond(), check.measuredInterval()),
                    check.step(),
                    check.measuredLimit(),
                    error(check));
        }
        return format(
                Locale.ROOT,
                "Measured again as %s (%s=%d): at %s the model predicted %s, limited by %s; %s was measured, "
                        + "limited by %s: %s.",
                check.variant(),
                check.property(),
                check.size(),
                check.step(),
                perSecond(check.predictedPerSecond(), check.predictedInterval()),
                check.predictedLimit(),
                perSecond(check.measuredPerSecond(), check.measuredInterval()),
                check.measuredLimit(),
                error(check));
    }

    /** A rate, and its range over the forks where it has one: {@code 98.2/s (96.1 to 100.3/s)}. */
    private static String perSecond(double value, Interval interval) {
        return interval == null
                ? format(Locale.ROOT, "%.1f/s", value)
                : format(Locale.ROOT, "%.1f/s (%.1f to %.1f/s)", value, interval.low(), interval.high());
    }

    /** The prediction's error in words; where the model predicted nothing, that. */
    private static String error(CapacityCheck check) {
        OptionalDouble error = check.error();
        if (error.isEmpty()) {
            return "no error to give, as the model predicted nothing";
        }
        String size = format(Locale.ROOT, "an error of %+.1f %%", 100 * error.getAsDouble());
        return switch (check.confirmation()) {
            case CONFIRMED -> size + "; the measured interval meets the predicted one: confirmed";
            case REFUTED -> size + "; the two intervals lie apart: the model predicted wrong beyond the forks' spread";
            case NOT_DECIDED -> size + " (one JVM a side: no interval to hold it against)";
        };
    }
}
