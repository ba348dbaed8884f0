package org.concurrencylab.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.OptionalDouble;
import org.concurrencylab.catalog.Defaults;
import org.junit.jupiter.api.Test;

/** The machine's bound on hand-made inputs, worked out by hand in each comment. */
class MachineBoundTest {

    @Test
    void aRequestTimedAloneKeepsItsOwnCpuAndTheMachineAddsOnlyTheWaitForACore() {
        // fixtures/pooled-app at 2 users: R0 = 42 ms with its CPU in it, c = 7.6 ms, served 47/s on 2 cores
        MachineBound.Estimate light = MachineBound.openMeasured(47, 47, 0.042, 0.0076, 2);
        assertThat(light.share()).isLessThan(0.01);
        assertThat(light.perSecond()).isEqualTo(47);
        // the same request served where a pool held 8 users' 188/s at 98/s: the cores were as busy as 98/s makes them
        MachineBound.Estimate held = MachineBound.openMeasured(188, 98, 0.042, 0.0030, 2);
        assertThat(held.share()).isLessThan(0.02);
        // served at 380/s with c = 5 ms, two cores are 95 % busy: they, not the application, set the pace
        MachineBound.Estimate saturated = MachineBound.openMeasured(600, 380, 0.010, 0.005, 2);
        assertThat(saturated.share()).isGreaterThanOrEqualTo(0.95);
        assertThat(saturated.perSecond()).isEqualTo(400);
    }

    @Test
    void aStudysUsersAreAClosedPopulationWhoseWaitForACoreTheirNumberBounds() {
        // one user never waits for a core, however much of its request is CPU
        MachineBound.Estimate alone = MachineBound.closedMeasured(1 / 0.00123, 1, 0.00123, 0, 0.00113, 2);
        assertThat(alone.share()).isZero();
        assertThat(alone.perSecond()).isCloseTo(1 / 0.00123, within(1e-6));
        // fixtures/pooled-app at 2 users: R0 = 42 ms with 7.6 ms of CPU in it, on 2 cores
        MachineBound.Estimate light = MachineBound.closedMeasured(47.6, 2, 0.042, 0, 0.0076, 2);
        assertThat(light.share()).isLessThan(Defaults.MACHINE_SHARE_OF_BOUND);
        // a page all CPU (R0 1.23 ms, c 1.24 ms) at 4 users on 2 cores: the cores allow 1,613/s of the 3,252/s
        // asked; the share is of the figure, never past it
        MachineBound.Estimate saturated = MachineBound.closedMeasured(3252, 4, 0.00123, 0, 0.00124, 2);
        assertThat(saturated.perSecond()).isLessThanOrEqualTo(2 / 0.00124).isGreaterThan(0.95 * 2 / 0.00124);
        assertThat(saturated.share()).isBetween(0.49, 0.53);
        // a user thinking a second between requests leaves the cores to the others
        MachineBound.Estimate thinking = MachineBound.closedMeasured(3.98, 4, 0.00123, 1, 0.00124, 2);
        assertThat(thinking.share()).isLessThan(0.001);
    }

    @Test
    void theClosedQueuesThroughputNeverPassesTheUsersOrTheCores() {
        for (int users = 1; users <= 64; users *= 2) {
            double throughput = MachineBound.closedThroughput(users, 0.002, 0.003, 2);
            assertThat(throughput).isLessThanOrEqualTo(users / 0.005 + 1e-9).isLessThanOrEqualTo(2 / 0.002 + 1e-9);
        }
        assertThat(MachineBound.closedThroughput(64, 0.002, 0.003, 2)).isGreaterThan(0.99 * 2 / 0.002);
    }

    @Test
    void aCheapRequestPathLeavesTheClosedBoundToThePool() {
        // 100 users x 10 at D = 400 ms, 250/s by the pool: 10 rounds of 400.5 ms, plus one burst of
        // 100 x 0.5 ms / 2 cores = 25 ms: 1000 requests in 4030 ms
        MachineBound.Estimate estimate = MachineBound.closed(250, 1000, 0.4, 0.0005, 2);

        assertThat(estimate.perSecond()).isCloseTo(1000 / 4.030, within(1e-9));
        // at most: 250/s x 0.5 ms / 2 cores = 6.25 % busy, half a burst every round: 1 - 1 / (1 + 0.00125 + 0.03125)
        assertThat(estimate.share())
                .isCloseTo(1 - 1 / 1.0325, within(1e-9))
                .isLessThan(Defaults.MACHINE_SHARE_OF_BOUND);
    }

    @Test
    void aBurstOfCostlyRequestsMakesAClosedStepMachineBound() {
        // at D = 150 ms and c = 1.5 ms: 10 rounds of 151.5 ms and a burst of 100 x 1.5 / 2 = 75 ms
        MachineBound.Estimate estimate = MachineBound.closed(1000 / 1.5, 1000, 0.15, 0.0015, 2);

        assertThat(estimate.perSecond()).isCloseTo(1000 / 1.590, within(1e-9));
        // at most: 666.7/s x 1.5 ms / 2 = 50 % busy, half a burst every round: 1 - 1 / (1 + 0.01 + 0.25)
        assertThat(estimate.share())
                .isCloseTo(1 - 1 / 1.26, within(1e-9))
                .isGreaterThan(Defaults.MACHINE_SHARE_OF_BOUND);
        assertThat(estimate.explanation()).contains("c = 1.50 ms on 2 cores");
    }

    @Test
    void theCoresCapAClosedStepWhenTheyCannotKeepUp() {
        // c = 4 ms on 2 cores: 500/s at most, below the pool's 666.7/s
        MachineBound.Estimate estimate = MachineBound.closed(1000 / 1.5, 1000, 0.15, 0.004, 2);

        assertThat(estimate.perSecond()).isCloseTo(500, within(1e-9));
        assertThat(estimate.explanation()).contains("the cores cap it at 500.0/s");
    }

    @Test
    void anOpenLoadKeepsItsRateAndPaysTheCpusResponseTimeInLatency() {
        // 20/s x 2 ms = 0.04 Erlangs on 2 cores: an arrival almost never waits, so about c on a hold of 300 ms
        MachineBound.Estimate light = MachineBound.open(20, 0.3, 0.002, 2);
        assertThat(light.perSecond()).isEqualTo(20);
        assertThat(light.share()).isBetween(0.002 / 0.3, 0.00201 / 0.3);

        // 800/s x 2 ms = 1.6 Erlangs, 80 % busy: the M/M/2 wait, C(2, 1.6) x 1 ms / 0.2, joins c on a hold of 100 ms
        MachineBound.Estimate busy = MachineBound.open(800, 0.1, 0.002, 2);
        double waits = MachineBound.erlangC(2, 1.6);
        assertThat(busy.share()).isCloseTo((0.002 + waits * 0.001 / 0.2) / 0.1, within(1e-12));
        assertThat(busy.share()).isGreaterThan(Defaults.MACHINE_SHARE_OF_BOUND);

        // 2000/s x 2 ms needs 4 cores of 2: the cores serve 1000/s
        assertThat(MachineBound.open(2000, 0.3, 0.002, 2).perSecond()).isCloseTo(1000, within(1e-9));
    }

    @Test
    void aShareIsPutInTheWordsOfWhatItIsAShareOf() {
        // time the cores add to a request may pass its hold: 1.6 Erlangs on 2 cores of 20 ms each, on a hold of 15 ms
        MachineBound.Estimate added = MachineBound.open(80, 0.015, 0.02, 2);
        assertThat(added.share()).isGreaterThan(1);
        assertThat(added.shareInWords())
                .isEqualTo(String.format(
                        java.util.Locale.ROOT, "adds %.1f %% to a request's own time", 100 * added.share()));
        // lost throughput never passes the throughput
        assertThat(MachineBound.closed(1000 / 1.5, 1000, 0.15, 0.004, 2).shareInWords())
                .startsWith("takes ")
                .endsWith(" % of the throughput the step's bound allows");
        assertThat(MachineBound.open(2000, 0.3, 0.002, 2).shareInWords())
                .isEqualTo("takes 50.0 % of the throughput the step's bound allows");
    }

    @Test
    void aTimedHoldChargesTheMachineOnlyWithWhatTheLoadAddedToTheHoldAlone() {
        // a lock declared at 20 ms, held 21.1 ms alone (round trips, timer slack) and 21.3 ms under load
        MachineBound.Estimate measured =
                MachineBound.measured(50, 0.020, 0.0213, OptionalDouble.of(0.0211), 900, "hot row's lock");
        assertThat(measured.share()).isCloseTo(1 - 21.1 / 21.3, within(1e-12));
        assertThat(measured.share()).isLessThan(Defaults.MACHINE_SHARE_OF_BOUND);
        assertThat(measured.perSecond())
                .as("the lock passes one hold at a time")
                .isCloseTo(1 / 0.0213, within(1e-9));
        // not measured alone: the whole excess over the declared hold counts
        assertThat(MachineBound.measured(50, 0.020, 0.0213, OptionalDouble.empty(), 900, "lock")
                        .share())
                .isCloseTo(1 - 20 / 21.3, within(1e-12));
        // a hold shorter alone than declared cannot make the machine's share negative
        assertThat(MachineBound.measured(50, 0.020, 0.0199, OptionalDouble.of(0.0195), 900, "lock")
                        .share())
                .isZero();
    }

    @Test
    void erlangCMatchesItsTextbookValues() {
        // one server: the probability of waiting is the utilization; two servers offered 1 Erlang: 1/3
        assertThat(MachineBound.erlangC(1, 0.5)).isCloseTo(0.5, within(1e-12));
        assertThat(MachineBound.erlangC(2, 1.0)).isCloseTo(1.0 / 3, within(1e-12));
    }

    @Test
    void refusesInputsWithoutMeaning() {
        assertThatThrownBy(() -> MachineBound.closed(250, 1000, 0.4, 0, 2))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
