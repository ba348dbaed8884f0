package org.concurrencylab.catalog;

import static java.lang.String.format;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.concurrencylab.driver.Connections;
import org.concurrencylab.results.SeedFigure;
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
    static final String ARTICLE = "A ride through optimising legacy Spring Boot services for high throughput";
    static final Duration D = Duration.ofMillis(20);
    /**
     * The gateway gives up after 225 D = 4.5 s. A fair queue of 250 users at the hot row, each thinking
     * 1 s, holds a request for 250 x D - 1 s = 4 s in theory and 4.3-4.5 s with the lock's measured hold of
     * 21-22 ms: the legacy sits at the gateway's limit, as the article's did (about 8 % failed, not all).
     * With no timeout inside the chain, a request the gateway gave up on still takes its turn at the row,
     * so the few that time out push those behind them further: measured here, 13-15 % of the legacy's
     * requests time out, and with a gateway of 5 s, 1 %; of 4 s, 57 %.
     */
    static final Duration GATEWAY_TIMEOUT = D.multipliedBy(225);

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
                .cpusOfThisMachine()
                .scale(1)
                .warmUp(new WarmUp(25, 150))
                .connections(Connections.KEEP_ALIVE)
                .steps(LOAD)
                .variants(variants())
                .claims(LegacyChainClaims.claims())
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
        variants.add(variant(LEGACY, "Every fault in: a default HTTP connection manager without timeouts, no database timeouts, the hot save, "
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
            case 0 -> "mean latency almost 8 times the legacy's, more errors";
            case 1 -> "errors down to almost a third of the legacy's, latency still above it";
            case 5 -> "more than twice the requests, mean latency halved, no errors, downstream latency flat";
            default -> "no figure";
        };
    }

    private static Variant variant(String name, String summary, Origin origin, List<LegacyFix> fixes,
                                   CapacityModel capacity, int instances, Map<String, SeedFigure> seed) {
        Map<String, String> properties = new java.util.LinkedHashMap<>(LegacyFix.propertiesWith(fixes));
        // the storefront's profile is what the article's profiler showed: its probe samples stacks too
        properties.put("lab.probe.profiler", "true");
        return Variant.custom(name, summary).origin(origin).properties(properties).capacity(capacity).seed(seed)
                .instances(instances).build();
    }

    private static SeedFigure seed(String note) {
        return SeedFigure.ofArticle(ARTICLE, null, null, null, note);
    }

    static final String HTTP_CLIENT_STEP = "step-1-http-client";
    static final String SAVE_REMOVED_STEP = "step-2-save-removed";

    /** Where a JSON mapper is built and its deserializers with it: what a new mapper per request costs. */
    static final List<String> MAPPER_FRAMES = List.of("OrdersGateway.mapper",
            "DeserializerCache._createAndCacheValueDeserializer");
}
