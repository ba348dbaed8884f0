package org.concurrencylab.catalog.legacychain;

import static java.lang.String.format;
import static org.concurrencylab.catalog.claim.Thresholds.percent;
import static org.concurrencylab.catalog.legacychain.LegacyChainExperiment.*;
import static org.concurrencylab.catalog.legacychain.LegacyChainThresholds.*;

import java.util.Comparator;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.concurrencylab.catalog.claim.Measurements;
import org.concurrencylab.catalog.claim.Verdict;
import org.concurrencylab.results.step.ServiceProfile;
import org.concurrencylab.results.step.StepResult;
import org.concurrencylab.results.step.TimelinePoint;
import org.concurrencylab.results.usage.Autoscaled;
import org.concurrencylab.results.usage.DownstreamUsage;

/** The verdict functions {@link LegacyChainClaims} names: each reads the figures a claim needs and decides it. */
final class LegacyChainVerdicts {

    private LegacyChainVerdicts() {}

    static double errorShare(StepResult step) {
        return step.client().requests().sent() == 0
                ? 0
                : (double) step.client().requests().failed()
                        / step.client().requests().sent();
    }

    static double hotSpot(StepResult step, List<String> frames) {
        return frames.stream()
                .mapToDouble(frame -> step.service().profile().shareOf(frame))
                .max()
                .orElse(0);
    }

    /** A hot spot in the storefront's profile with the save removed (the article's turn to the profiler) and gone with every fix. */
    static Verdict profiled(Measurements m, String load, List<String> frames, double atLeast, String what) {
        StepResult before = m.step(SAVE_REMOVED_STEP, load);
        StepResult after = m.step(ALL_FIXES, load);
        if (before.service().profile() == null || after.service().profile() == null) {
            throw new Measurements.Missing("needs the storefront's profile, which this run did not record");
        }
        double shareBefore = hotSpot(before, frames);
        double shareAfter = hotSpot(after, frames);
        return Verdict.of(
                shareBefore >= atLeast && shareAfter < ServiceProfile.KEPT_FROM,
                format(
                        "%s in %.1f %% of %d on-CPU stacks with the save removed, %.1f %% of %d with every fix",
                        what,
                        100 * shareBefore,
                        before.service().profile().stacks(),
                        100 * shareAfter,
                        after.service().profile().stacks()));
    }

    /** The orders service's mean time per request in the step, by its own timers, in D. */
    static double ordersInD(Measurements m, StepResult step) {
        if (step.service().downstream() == null) {
            throw new Measurements.Missing("needs the orders service's timers, which were not read");
        }
        return m.inD(step.service().downstream().meanMillis());
    }

    /**
     * How often the orders service's read back on the standby, right after its own commit on the primary,
     * returned the row from before it; its throughput beside all-fixes' on the primary alone.
     */
    static Verdict replicaReadsMissOwnWrites(Measurements m, String load) {
        StepResult step = m.step(REPLICA_READS, load);
        DownstreamUsage orders = step.service().downstream();
        DownstreamUsage.Held saw = orders == null ? null : orders.holds().get(REPLICA_SAW_OWN_WRITE);
        DownstreamUsage.Held missed = orders == null ? null : orders.holds().get(REPLICA_MISSED_OWN_WRITE);
        if (saw == null && missed == null) {
            throw new Measurements.Missing("needs the orders service's reads on the standby");
        }
        long sawCount = saw == null ? 0 : saw.count();
        long missedCount = missed == null ? 0 : missed.count();
        long reads = sawCount + missedCount;
        String evidence = format(
                "%d of %d reads right after the request's own commit returned the row from before it (%.1f %%); "
                        + "%.1f answers/s, failed %d",
                missedCount,
                reads,
                100 * (double) missedCount / Math.max(1, reads),
                step.client().throughputPerSecond(),
                step.client().requests().failed());
        try {
            StepResult primaryOnly = m.step(ALL_FIXES, load);
            evidence += format(
                    "; %s on the primary alone %.1f answers/s",
                    ALL_FIXES, primaryOnly.client().throughputPerSecond());
        } catch (Measurements.Missing notRun) {
            // the comparison is shown where both ran
        }
        return Verdict.of(step.client().requests().failed() == 0 && missedCount > 0, evidence);
    }

    static Verdict ordersStayFlat(Measurements m, StepResult step) {
        if (step.service().downstream() == null) {
            throw new Measurements.Missing(ORDERS_TIMERS);
        }
        DownstreamUsage orders = step.service().downstream();
        double alone = Measurements.known(orders.aloneMeanMillis(), ORDERS_TIMERS);
        double added = orders.meanMillis() - alone;
        double allowed = FLAT_WITHIN_D * m.seconds() * 1000;
        OptionalDouble waited = ordersRunQueueWaitMillis(step);
        String evidence = format(
                "orders %.1f ms a request by its own timers under the load against %.1f ms alone: the load added "
                        + "%.1f ms (%.2f D, at most %.2f D asked)%s",
                orders.meanMillis(),
                alone,
                added,
                m.inD(added),
                FLAT_WITHIN_D,
                waited.isEmpty()
                        ? ""
                        : format(
                                "; its threads together waited %.1f ms a request for a core, in its "
                                        + "timers or around them",
                                waited.getAsDouble()));
        if (added > allowed && waited.isPresent() && added - waited.getAsDouble() <= allowed) {
            return Verdict.notDecided(evidence + ": enough to account for what the load added beyond half of D; the "
                    + "article's services had cores of their own, here the orders service shares two with the storefront, "
                    + "PostgreSQL and the driver");
        }
        return Verdict.onSteps(added <= allowed, evidence, step);
    }

    /** How long the orders service's threads waited for a core in the step, per request it served; empty where unknown. */
    static OptionalDouble ordersRunQueueWaitMillis(StepResult step) {
        if (step.machine() == null || step.service().downstream().requests() == 0) {
            return OptionalDouble.empty();
        }
        return step.machine().processes().stream()
                .filter(process -> process.role().equals("chain")
                        && process.runQueueWaitSeconds().isPresent())
                .mapToDouble(process -> process.runQueueWaitSeconds().getAsDouble()
                        * 1000
                        / step.service().downstream().requests())
                .findFirst();
    }

    /**
     * Why more connections at a fair lock cannot slow a closed load several-fold: the users' mean cycle is
     * C / X (Little's law), so with the same throughput past the row the mean latency stays the same; it
     * rises only if the row passes fewer transactions with more of them waiting.
     */
    static String sameRowThroughput(StepResult legacy, StepResult pools) {
        if (legacy.service().database() == null || pools.service().database() == null) {
            return "";
        }
        return format(
                "; the row's lock committed %.0f transactions/s with %.0f sessions waiting and %.0f/s with %.0f: "
                        + "PostgreSQL grants a row's lock to its waiters in turn, so its throughput did not fall with more of "
                        + "them, and at the same throughput %d users thinking %.0f s wait the same on average (Little's law); "
                        + "the timeouts end the longest waits as errors instead",
                legacy.service().database().commitsPerSecond(),
                legacy.service().database().meanWaitingOnLocks(),
                pools.service().database().commitsPerSecond(),
                pools.service().database().meanWaitingOnLocks(),
                LOAD.users(),
                LOAD.thinkTime().toMillis() / 1000.0);
    }

    static String profiledAt(double atLeast) {
        return format(
                "≥ %s of the storefront's on-CPU stacks with the save removed; < %s with every fix",
                percent(atLeast), percent(ServiceProfile.KEPT_FROM));
    }

    /** How many requests the variant's storefront sends to the orders service at once, as its client reported. */
    static String clientConnections(Measurements m, String variant) {
        OptionalInt perRoute = m.variant(variant).sizing().whole("httpClientMaxPerRoute");
        return perRoute.isPresent() ? "at most " + perRoute.getAsInt() : "any number of";
    }

    /** The autoscaler's decisions in words: when, at what utilization, from how many to how many, and when they answered. */
    static String scaling(Autoscaled autoscaler) {
        if (autoscaler.decisions().isEmpty()) {
            double most = autoscaler.readings().stream()
                    .mapToDouble(Autoscaled.Reading::utilization)
                    .max()
                    .orElse(0);
            return format(
                    "the autoscaler never scaled out (its storefronts' CPU at most %.0f %% of their request)",
                    100 * most);
        }
        return "the autoscaler "
                + String.join(
                        ", then ",
                        autoscaler.decisions().stream()
                                .map(decision -> format(
                                        "at %.1f s (CPU %.0f %% of the request) asked for %d storefronts instead of %d, %s",
                                        decision.atSeconds(),
                                        100 * decision.utilization(),
                                        decision.to(),
                                        decision.from(),
                                        decision.answeredAtSeconds() == null
                                                ? "not answering before the step ended"
                                                : format("answering at %.1f s", decision.answeredAtSeconds())))
                                .toList())
                + format("; at most %d answered at once", autoscaler.mostInstances());
    }

    /** When the step's first failure came, in seconds from its start (the timeline's bins), or none where nothing failed. */
    static OptionalDouble firstFailure(StepResult step) {
        if (step.client().timeline() == null) {
            throw new Measurements.Missing("needs the step's timeline, which results written before it lack");
        }
        return step.client().timeline().points().stream()
                .filter(point -> point.failed() > 0)
                .mapToDouble(TimelinePoint::atSeconds)
                .findFirst();
    }

    /**
     * The storefront's median minute by minute on every fix: the last minutes against the first one's, and the
     * slowest minute between them, for the article's return to normal latency.
     */
    static Verdict backToNormal(Measurements m, String load) {
        StepResult step = m.step(ALL_FIXES, load);
        if (step.client().timeline() == null) {
            throw new Measurements.Missing("needs the step's timeline, which results written before it lack");
        }
        double by = BACK_TO_NORMAL_BY.toMillis() / 1e3;
        double end = LOAD.length().toMillis() / 1e3;
        List<TimelinePoint> minutes = step.client().timeline().points().stream()
                .filter(point -> point.atSeconds() < end)
                .toList();
        if (minutes.isEmpty() || minutes.getFirst().completed() == 0) {
            return Verdict.notDecided("the step's first minute answered nothing to call normal");
        }
        double normal = minutes.getFirst().latencyMillisP50();
        List<TimelinePoint> late =
                minutes.stream().filter(point -> point.atSeconds() >= by).toList();
        if (late.isEmpty()) {
            return Verdict.notDecided("the step ended before its minute " + Math.round(by));
        }
        // a minute that answered nothing counts as the slowest
        double[] medians = late.stream()
                .mapToDouble(point -> point.completed() == 0 ? Double.POSITIVE_INFINITY : point.latencyMillisP50())
                .sorted()
                .toArray();
        double typical = medians.length % 2 == 1
                ? medians[medians.length / 2]
                : (medians[medians.length / 2 - 1] + medians[medians.length / 2]) / 2;
        boolean backToNormal = typical <= NORMAL_AT_MOST * normal;
        boolean stable = medians[medians.length - 1] <= STABLE_AT_MOST * normal;
        TimelinePoint slowestBefore = minutes.stream()
                .filter(point -> point.atSeconds() < by && point.completed() > 0)
                .max(Comparator.comparingDouble(TimelinePoint::latencyMillisP50))
                .orElseThrow();
        String evidence = format(
                "median %.1f ms in the first minute; the slowest minute before the %.0fth %.1f ms (minute %.0f); "
                        + "minutes %.0f to %.0f %.1f ms in the median of their medians (%.2f x the first), the slowest "
                        + "%.1f ms (%.2f x); one storefront, no autoscaler",
                normal,
                by,
                slowestBefore.latencyMillisP50(),
                slowestBefore.atSeconds(),
                late.getFirst().atSeconds(),
                late.getLast().atSeconds(),
                typical,
                typical / normal,
                medians[medians.length - 1],
                medians[medians.length - 1] / normal);
        return Verdict.onSteps(backToNormal && stable, evidence, step);
    }

    static double failuresPerSecond(StepResult step) {
        return step.client().requests().failed() / step.client().elapsedSeconds();
    }

    static double meanOfAnswered(StepResult step) {
        return step.client().latencyMillis().mean();
    }
}
