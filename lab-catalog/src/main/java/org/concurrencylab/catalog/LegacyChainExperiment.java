package org.concurrencylab.catalog;

import static java.lang.String.format;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.concurrencylab.driver.Connections;
import org.concurrencylab.results.ChartRef;
import org.concurrencylab.results.SeedFigure;
import org.concurrencylab.results.ServiceProfile;
import org.concurrencylab.results.StepResult;

/**
 * "A ride through optimising legacy Spring Boot services for high throughput": a storefront calls an
 * orders service that reads and writes a real PostgreSQL, under 250 users ramped up then held. The
 * variants are generated from the article's seven faults ({@link LegacyFix}): the legacy, each fix
 * alone, the fixes added in the article's order, and the legacy with two storefronts.
 * <p>
 * D is the time each orders transaction spends in the database after its writes (the article's
 * document write; it gave no figure, the lab declares 20 ms). The hot row admits one transaction per
 * D, so the legacy's ceiling is 1 / D = 50/s whatever this machine's CPU, and this machine's two cores
 * stay below half busy under it.
 * <p>
 * The users think for a second between an answer and their next request, as a JMeter thread group's
 * constant timer: the article's 250 clients made "a few hundred requests per second", about one each.
 * It is also what keeps this machine out of the fixed chain's figures: without it, 250 users would ask
 * the fixed chain for as much as two cores can serve (measured: 430/s at 3.6 ms of CPU a request, with
 * its own timeouts firing), so its figures would be this machine's; with it they ask for at most
 * 250 / (1 s + D) = 245/s, about half of the two cores at the fixed chain's 4-5 ms of CPU a request.
 * <p>
 * Time: the article held its load for 15 minutes (5 of them ramp-up); the lab holds it for 15 s, a
 * minute to a second. Latencies and timeouts are not compressed: they are set by the lock and the
 * pools, whose times are physical.
 */
final class LegacyChainExperiment {

    static final String NAME = "legacy-chain";
    static final ChainedService ORDERS = new ChainedService("orders", "legacy-orders-service");
    static final LoadStep.Held LOAD = new LoadStep.Held(250, Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(1));
    private static final String ARTICLE = "A ride through optimising legacy Spring Boot services for high throughput";
    private static final Duration D = Duration.ofMillis(20);
    /**
     * The gateway gives up after 225 D = 4.5 s. A fair queue of 250 users at the hot row, each thinking
     * 1 s, holds a request for 250 x D - 1 s = 4 s in theory and 4.3-4.5 s with the lock's measured hold of
     * 21-22 ms: the legacy sits at the gateway's limit, as the article's did (about 8 % failed, not all).
     * With no timeout inside the chain, a request the gateway gave up on still takes its turn at the row,
     * so the few that time out push those behind them further: measured here, 13-15 % of the legacy's
     * requests time out, and with a gateway of 5 s, 1 %; of 4 s, 57 %.
     */
    private static final Duration GATEWAY_TIMEOUT = D.multipliedBy(225);

    static final String LEGACY = "legacy";
    static final String TWO_STOREFRONTS = "legacy-two-storefronts";
    static final String ALL_FIXES = "all-fixes";

    private LegacyChainExperiment() {
    }

    static Experiment create() {
        return Experiment.custom(NAME)
                .article(ARTICLE, "004_a7c5978994873985.txt",
                        "A storefront, an orders service and PostgreSQL under 250 users: one hot row's lock, pools without timeouts, and the CPU the profiler found.")
                .service("legacy-storefront-service", "/")
                .chain(ORDERS)
                .database(new Database("legacy-database"))
                .downstreamLatency(D)
                .requestTimeout(GATEWAY_TIMEOUT)
                .cpus(Experiment.THIS_MACHINE)
                .scale(1)
                .warmUp(new WarmUp(25, 150))
                .connections(Connections.KEEP_ALIVE)
                .steps(LOAD)
                .variants(variants())
                .claims(claims())
                .findings(List.of(new Finding("lock-works-for-abandoned-requests", m -> {
                    StepResult legacy = m.step(LEGACY, LOAD.label());
                    if (legacy.database() == null) {
                        throw new Measurements.Missing("needs the database's counters");
                    }
                    double lock = 1 / m.seconds();
                    return format("Under the legacy the hot row's lock committed %.0f transactions/s, %.0f %% of the 1/D = %.0f/s it "
                                    + "admits, yet the gateway received %.1f answers/s: with no timeout below the gateway's, the "
                                    + "chain kept working for requests the gateway had given up on.",
                            legacy.database().commitsPerSecond(), 100 * legacy.database().commitsPerSecond() / lock, lock,
                            legacy.throughputPerSecond());
                })))
                .build();
    }

    /** Generated from the faults: legacy, each fix alone, the article's steps, all fixes, two storefronts. */
    static List<Variant> variants() {
        CapacityModel chain = new CapacityModel.HotRowOrPool(ORDERS.name());
        List<Variant> variants = new ArrayList<>();
        variants.add(variant(LEGACY, "Every fault in: no client limits or timeouts, no database timeouts, the hot save, "
                + "a mapper per request, resources hashed per render, a debug stack trace, no circuit breaker",
                Origin.SEED, List.of(), chain, 1, Map.of(LOAD.label(), seed("about 8 % of requests failed"))));
        for (LegacyFix fix : LegacyFix.values()) {
            variants.add(variant("only-" + fix.label(), "The legacy with one fix: " + fix.description(), Origin.MODERN,
                    List.of(fix), chain, 1, Map.of()));
        }
        List<LegacyFix> applied = new ArrayList<>();
        for (int step = 0; step < LegacyFix.ARTICLE_ORDER.size(); step++) {
            applied.addAll(LegacyFix.ARTICLE_ORDER.get(step));
            boolean last = step == LegacyFix.ARTICLE_ORDER.size() - 1;
            String name = last ? ALL_FIXES : "step-" + (step + 1) + "-" + LegacyFix.ARTICLE_ORDER.get(step).stream()
                    .map(LegacyFix::label).collect(Collectors.joining("-"));
            String added = LegacyFix.ARTICLE_ORDER.get(step).stream().map(LegacyFix::description)
                    .collect(Collectors.joining("; "));
            variants.add(variant(name, (last ? "Every fix, the last one: " : "The article's fixes up to this one: ") + added,
                    Origin.SEED, List.copyOf(applied), chain, 1, Map.of(LOAD.label(), seed(articleFigure(step)))));
        }
        variants.add(variant(TWO_STOREFRONTS, "The legacy with two storefront instances, the users spread over them round robin",
                Origin.SEED, List.of(), chain, 2, Map.of(LOAD.label(), seed("autoscaling did not help"))));
        return variants;
    }

    private static String articleFigure(int step) {
        return switch (step) {
            case 0 -> "mean latency about 8 times the legacy's, more errors";
            case 1 -> "errors down to about a third of the legacy's";
            case 5 -> "more than twice the requests, mean latency halved, no errors, downstream latency flat";
            default -> "no figure";
        };
    }

    private static Variant variant(String name, String summary, Origin origin, List<LegacyFix> fixes,
                                   CapacityModel capacity, int instances, Map<String, SeedFigure> seed) {
        Map<String, String> properties = new java.util.LinkedHashMap<>(LegacyFix.propertiesWith(fixes));
        // the storefront's profile is what the article's profiler showed: its probe samples stacks too
        properties.put("lab.probe.profiler", "true");
        return new Variant(name, summary, origin, properties, capacity, seed, Variant.Cpus.OF_THE_RUN, instances);
    }

    private static SeedFigure seed(String note) {
        return SeedFigure.ofArticle(ARTICLE, null, null, null, note);
    }

    static final String POOLS_AND_TIMEOUTS = "step-1-http-client-database-timeouts";
    static final String SAVE_REMOVED_STEP = "step-2-save-removed";

    private static double errorShare(StepResult step) {
        return step.requests().sent() == 0 ? 0 : (double) step.requests().failed() / step.requests().sent();
    }

    /** Where a JSON mapper is built and its deserializers with it: what a new mapper per request costs. */
    static final List<String> MAPPER_FRAMES = List.of("OrdersGateway.mapper",
            "DeserializerCache._createAndCacheValueDeserializer");
    /**
     * Where the resource chain versions a link without its cache: it looks the path up in every
     * resource location, then reads and hashes what it found.
     */
    static final List<String> RESOURCE_CHAIN_FRAMES = List.of("VersionResourceResolver.resolveUrlPathInternal");

    private static double hotSpot(StepResult step, List<String> frames) {
        return frames.stream().mapToDouble(frame -> step.profile().shareOf(frame)).max().orElse(0);
    }

    /** A hot spot in the storefront's profile with the save removed (the article's turn to the profiler) and gone with every fix. */
    private static Verdict profiled(Measurements m, String load, List<String> frames, double atLeast, String what) {
        StepResult before = m.step(SAVE_REMOVED_STEP, load);
        StepResult after = m.step(ALL_FIXES, load);
        if (before.profile() == null || after.profile() == null) {
            throw new Measurements.Missing("needs the storefront's profile, which this run did not record");
        }
        double shareBefore = hotSpot(before, frames);
        double shareAfter = hotSpot(after, frames);
        return Verdict.of(shareBefore >= atLeast && shareAfter < ServiceProfile.KEPT_FROM, format(
                "%s in %.1f %% of %d on-CPU stacks with the save removed, %.1f %% of %d with every fix", what,
                100 * shareBefore, before.profile().stacks(), 100 * shareAfter, after.profile().stacks()));
    }

    /** The orders service's mean time per request in the step, by its own timers, in D. */
    private static double ordersInD(Measurements m, StepResult step) {
        if (step.downstream() == null) {
            throw new Measurements.Missing("needs the orders service's timers, which were not read");
        }
        return m.inD(step.downstream().meanMillis());
    }

    /**
     * Why more connections at a fair lock cannot slow a closed load several-fold: the users' mean cycle is
     * C / X (Little's law), so with the same throughput past the row the mean latency stays the same; it
     * rises only if the row passes fewer transactions with more of them waiting.
     */
    private static String sameRowThroughput(StepResult legacy, StepResult pools) {
        if (legacy.database() == null || pools.database() == null) {
            return "";
        }
        return format("; the row's lock committed %.0f transactions/s with %.0f sessions waiting and %.0f/s with %.0f: "
                        + "PostgreSQL grants a row's lock to its waiters in turn, so its throughput did not fall with more of "
                        + "them, and at the same throughput %d users thinking %.0f s wait the same on average (Little's law); "
                        + "the timeouts end the longest waits as errors instead",
                legacy.database().commitsPerSecond(), legacy.database().meanWaitingOnLocks(),
                pools.database().commitsPerSecond(), pools.database().meanWaitingOnLocks(), LOAD.users(),
                LOAD.thinkTime().toMillis() / 1000.0);
    }

    private static double meanOfAnswered(StepResult step) {
        return step.latencyMillis().mean();
    }

    private static List<Claim> claims() {
        String load = LOAD.label();
        return List.of(
                Claim.of("legacy-fails", "Under the legacy a share of the requests fail (the article: about 8 %; here: 3 % or more).",
                        m -> {
                            StepResult legacy = m.clientStep(LEGACY, load);
                            // with no timeout below the gateway's, the chain keeps working for requests it gave up on
                            String abandoned = legacy.downstream() == null ? "" : format(
                                    "; the orders service answered %d requests, the gateway received %d answers",
                                    legacy.downstream().requests(), legacy.requests().ok());
                            return Verdict.onSteps(errorShare(legacy) >= 0.03, format("%.1f %% of %d failed (%s)%s",
                                    100 * errorShare(legacy), legacy.requests().sent(), legacy.requests().failedByKind(),
                                    abandoned), legacy);
                        }).shownBy(ChartRef.Kind.ALONG_THE_CHAIN, load, LEGACY),
                Claim.of("legacy-latency-rises-down-the-chain",
                        "Under the legacy latency rises in every service of the chain: the orders service takes well over its D, the storefront longer still.",
                        m -> {
                            StepResult legacy = m.step(LEGACY, load);
                            // both by the services' own timers: the client's figure leaves out what the gateway gave up on
                            double orders = ordersInD(m, legacy);
                            double storefront = m.inD(legacy.process().serverMeanMillis());
                            return Verdict.onSteps(orders >= 2 && storefront > orders, format(
                                    "orders %.1f D per request, the storefront %.1f D, each by its own server timers (D = %.0f ms)",
                                    orders, storefront, m.seconds() * 1000), legacy);
                        }).shownBy(ChartRef.Kind.ALONG_THE_CHAIN, load, LEGACY),
                Claim.of("second-storefront-does-not-help",
                        "A second storefront instance does not help: the bottleneck is downstream (within 10 % of the legacy's throughput).",
                        m -> {
                            StepResult one = m.step(LEGACY, load);
                            StepResult two = m.step(TWO_STOREFRONTS, load);
                            double gain = two.throughputPerSecond() / one.throughputPerSecond() - 1;
                            return Verdict.onSteps(gain <= 0.10, format("%.1f/s with two storefronts against %.1f/s with one (%+.0f %%)",
                                    two.throughputPerSecond(), one.throughputPerSecond(), 100 * gain), one, two);
                        }).shownBy(ChartRef.Kind.VARIANTS_IN_TURN, load, TWO_STOREFRONTS, LEGACY),
                Claim.of("pools-and-timeouts-alone-lock-bottleneck",
                        "Pools and timeouts alone let more transactions at the hot row at once, and its lock becomes the bottleneck: most of the database's connections wait on it.",
                        m -> {
                            StepResult legacy = m.step(LEGACY, load);
                            StepResult pools = m.step(POOLS_AND_TIMEOUTS, load);
                            if (legacy.database() == null || pools.database() == null) {
                                throw new Measurements.Missing("needs the database's sessions");
                            }
                            double waiting = pools.database().meanWaitingOnLocks();
                            int connected = pools.database().peakOpenSessions();
                            // waiting is counted by PostgreSQL itself, which the machine cannot inflate
                            return Verdict.of(waiting > 2 * legacy.database().meanWaitingOnLocks() && waiting >= connected / 2.0,
                                    format("%.1f of its %d connections waited on the row's lock on average, against %.1f of %d under the legacy",
                                            waiting, connected, legacy.database().meanWaitingOnLocks(),
                                            legacy.database().peakOpenSessions()));
                        }).shownBy(ChartRef.Kind.DATABASE_LOCKS, load, POOLS_AND_TIMEOUTS, LEGACY),
                Claim.of("pools-and-timeouts-alone-more-errors",
                        "Pools and timeouts alone make errors more frequent than under the legacy.",
                        m -> {
                            StepResult legacy = m.step(LEGACY, load);
                            StepResult pools = m.step(POOLS_AND_TIMEOUTS, load);
                            return Verdict.onSteps(errorShare(pools) > errorShare(legacy), format("%.1f %% failed (%s) against %.1f %% (%s)",
                                    100 * errorShare(pools), pools.requests().failedByKind(), 100 * errorShare(legacy),
                                    legacy.requests().failedByKind()), legacy, pools);
                        }).shownBy(ChartRef.Kind.FAILED_OVER_TIME, load, POOLS_AND_TIMEOUTS, LEGACY),
                Claim.of("pools-and-timeouts-alone-slower",
                        "Pools and timeouts alone make the mean latency several times the legacy's (the article: about 8 times; here: at least twice).",
                        m -> {
                            StepResult legacy = m.step(LEGACY, load);
                            StepResult pools = m.step(POOLS_AND_TIMEOUTS, load);
                            double ratio = meanOfAnswered(pools) / meanOfAnswered(legacy);
                            return Verdict.onStepsAtDistance(ratio >= 2, 1 - ratio / 2, format("mean %.0f ms against %.0f ms (x %.2f)%s",
                                    meanOfAnswered(pools), meanOfAnswered(legacy), ratio, sameRowThroughput(legacy, pools)),
                                    legacy, pools);
                        }).shownBy(ChartRef.Kind.LATENCY_OVER_TIME, load, POOLS_AND_TIMEOUTS, LEGACY),
                Claim.of("save-removed-cuts-errors",
                        "Removing the save cuts the errors to about a third of the legacy's (here: at most half).",
                        m -> {
                            StepResult legacy = m.step(LEGACY, load);
                            StepResult saved = m.step(SAVE_REMOVED_STEP, load);
                            boolean holds = errorShare(legacy) > 0 && errorShare(saved) <= errorShare(legacy) / 2;
                            return Verdict.onSteps(holds, format("%.1f %% failed against the legacy's %.1f %%",
                                    100 * errorShare(saved), 100 * errorShare(legacy)), legacy, saved);
                        }).shownBy(ChartRef.Kind.VARIANTS_IN_TURN, load, SAVE_REMOVED_STEP, LEGACY),
                Claim.of("all-fixes",
                        "With every fix: more than twice the requests in the same time, mean latency halved or better, no errors.",
                        m -> {
                            StepResult legacy = m.step(LEGACY, load);
                            StepResult fixed = m.step(ALL_FIXES, load);
                            double more = (double) fixed.requests().ok() / Math.max(1, legacy.requests().ok());
                            double faster = meanOfAnswered(fixed) / meanOfAnswered(legacy);
                            boolean holds = more > 2 && faster <= 0.5 && fixed.requests().failed() == 0;
                            return Verdict.onSteps(holds, format("%d against %d answered (x %.1f); mean %.0f ms against %.0f ms (x %.2f); "
                                            + "%d failed", fixed.requests().ok(), legacy.requests().ok(), more,
                                    meanOfAnswered(fixed), meanOfAnswered(legacy), faster, fixed.requests().failed()),
                                    legacy, fixed);
                        }).shownBy(ChartRef.Kind.VARIANTS_IN_TURN, load, ALL_FIXES, LEGACY),
                Claim.of("all-fixes-downstream-flat",
                        "With every fix the orders service's latency stays flat: within 1.5 D.",
                        m -> {
                            StepResult fixed = m.step(ALL_FIXES, load);
                            double orders = ordersInD(m, fixed);
                            return Verdict.onSteps(orders <= 1.5, format("orders %.2f D per request by its own timers", orders), fixed);
                        }).shownBy(ChartRef.Kind.ALONG_THE_CHAIN, load, ALL_FIXES),
                Claim.of("profile-finds-the-resource-chain",
                        "Once the save is removed, a profile of the storefront shows the resource chain at work on every page (hashing resources and looking every link up on the class path: here 5 % of its on-CPU stacks or more); with every fix it is gone (under 1 %).",
                        m -> profiled(m, load, RESOURCE_CHAIN_FRAMES, 0.05, "the resource chain")).shownBy(ChartRef.Kind.VARIANTS_IN_TURN, load, SAVE_REMOVED_STEP, ALL_FIXES),
                Claim.of("profile-finds-the-per-request-mapper",
                        "Once the save is removed, a profile of the storefront shows the JSON mapper built per request (here: 3 % of its on-CPU stacks or more); with every fix it is gone (under 1 %).",
                        m -> profiled(m, load, MAPPER_FRAMES, 0.03, "building a mapper's deserializers")).shownBy(ChartRef.Kind.VARIANTS_IN_TURN, load, SAVE_REMOVED_STEP, ALL_FIXES));
    }

}
