package org.concurrencylab.catalog.legacychain;

import java.time.Duration;
import org.concurrencylab.catalog.model.PoolWaitQueue;

/**
 * How long the legacy storefront's default HTTP client waits for one of its pooled connections to the orders
 * service before the request fails, a failure the storefront does not handle (a 500): the legacy's own failures,
 * as the article's were (upstream calls timing out, the errors not handled). The article does not give the wait,
 * so it is derived from the share it gives: the wait at which {@link LegacyChainExperiment#LOAD}, played out
 * request by request through the client's connections to a hot row at its pace here ({@link PoolWaitQueue}),
 * fails the article's 8 %. The gateway's 29 s stays out of it: the wait sheds a request long before.
 */
final class StorefrontPoolWait {

    /** The storefront's property for the wait. */
    static final String PROPERTY = "legacy.storefront.connection-request-timeout";

    /** HttpClient's own wait, three minutes: what the storefront's default client has unless told. */
    static final String CLIENT_DEFAULT = "180s";

    /** The connections HttpClient's default pool keeps to one route: the legacy storefront's to the orders service. */
    static final int DEFAULT_CONNECTIONS_PER_ROUTE = 5;

    /**
     * The hot row's pace here, one transaction at a time: 61 to 62 answers a second under the legacy's load (D = 15
     * ms, the transaction's statements and commit), read as the median answers a second after the ramp-up in the
     * sweeps of 2026-11-27 (docs/experiments/legacy-chain.md).
     */
    static final double ROW_PACE_HERE = 61.5;

    /** The wait at which the played-out load fails the article's share, to the 10 ms. */
    static final Duration DERIVED = failing(LegacyChainThresholds.ARTICLE_FAILED_SHARE, ROW_PACE_HERE);

    private StorefrontPoolWait() {}

    /**
     * The failed share the legacy's load gives with the storefront's pool wait at {@code waitMillis}, through
     * {@code connections} to a hot row that answers {@code pacePerSecond}, played out request by request.
     */
    static double playedOut(int connections, double pacePerSecond, double waitMillis) {
        return new PoolWaitQueue(
                        LegacyChainExperiment.LOAD.users(),
                        seconds(LegacyChainExperiment.LOAD.rampUp()),
                        seconds(LegacyChainExperiment.LOAD.length()),
                        seconds(LegacyChainExperiment.LOAD.thinkTime()),
                        connections,
                        1 / pacePerSecond,
                        waitMillis / 1000)
                .play()
                .failedShare();
    }

    /**
     * The shortest wait, to the 10 ms, at which the played-out load fails no more than {@code share}: the share falls
     * as the wait grows (a longer wait sheds fewer), so halving the range finds it.
     */
    static Duration failing(double share, double pacePerSecond) {
        long low = 10;
        long high = 60_000;
        while (high - low > 10) {
            long middle = (low + high) / 2 / 10 * 10;
            if (playedOut(DEFAULT_CONNECTIONS_PER_ROUTE, pacePerSecond, middle) > share) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return Duration.ofMillis(high);
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }
}
