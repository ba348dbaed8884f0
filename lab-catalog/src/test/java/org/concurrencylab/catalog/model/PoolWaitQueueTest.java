package org.concurrencylab.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The played-out queue against what holds without playing it: the resource keeps its pace once saturated,
 * so over a long step the answered requests are its rate times the step; each user's cycle is then the
 * pool wait plus its thinking, so the failed share tends to 1 - rate x (wait + think) / users.
 */
class PoolWaitQueueTest {

    @Test
    void aSaturatedResourceKeepsItsPaceAndTheRestFailAtThePool() {
        // 300 users thinking 1 s, one connection to a resource of 10 ms: 100/s, cycles of 1.5 s ask for 200/s
        PoolWaitQueue.Outcome outcome = new PoolWaitQueue(300, 0, 100, 1, 1, 0.010, 0.5).play();

        assertThat(outcome.sent() - outcome.failed()).isCloseTo(100 * 100, within(100L));
        assertThat(outcome.failedShare()).isCloseTo(1 - 100 * 1.5 / 300, within(0.02));
    }

    @Test
    void aPoolWaitLongerThanTheQueueFailsNothing() {
        // 50 users ramped up over 1 s, cycling 1 s + their turn, ask for 50/s of a resource of 100/s
        assertThat(new PoolWaitQueue(50, 1, 100, 1, 1, 0.010, 0.5).play().failed())
                .isZero();
        // all at once, the 100th of 100 waits a second at the start: the burst fails, not the pace after it
        PoolWaitQueue.Outcome burst = new PoolWaitQueue(100, 0, 100, 1, 1, 0.010, 0.5).play();
        assertThat(burst.failed()).isPositive().isLessThan(100);
    }

    @Test
    void theFailedShareFallsAsThePoolWaitGrows() {
        double previous = 1;
        for (double wait : new double[] {1.0, 1.5, 2.0, 2.5, 3.0}) {
            double share =
                    new PoolWaitQueue(250, 5, 15, 1, 5, 0.0163, wait).play().failedShare();
            assertThat(share).as("a wait of %s s", wait).isLessThan(previous);
            previous = share;
        }
        assertThat(previous).isLessThan(0.05);
    }

    @Test
    void aQueueNeedsUsersConnectionsAndPositiveTimes() {
        assertThatThrownBy(() -> new PoolWaitQueue(0, 0, 1, 0, 1, 0.01, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PoolWaitQueue(1, 0, 1, 0, 1, 0.01, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
