package org.concurrencylab.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class GrowingQueueTest {

    @Test
    void aRequestWaitsForEveryoneBeforeItThenTakesItsOwnTime() {
        // 20/s for 10 s into 10/s: the request arriving at 5 s finds 50 sent, 50 more than served
        GrowingQueue queue = new GrowingQueue(20, 10, 10, 100);
        assertThat(queue.grows()).isTrue();
        assertThat(queue.percentileMillis(0.5)).isCloseTo(5_100, within(1e-6));
        assertThat(queue.percentileMillis(0.95)).isCloseTo(9_600, within(1e-6));
    }

    @Test
    void aServerAsFastAsTheArrivalsKeepsNoQueue() {
        GrowingQueue queue = new GrowingQueue(20, 60, 20, 300);
        assertThat(queue.grows()).isFalse();
        assertThat(queue.percentileMillis(0.95)).isEqualTo(300);
    }

    @Test
    void theMeanGivesBackTheCallTimeItCameFrom() {
        // 3.5 requests at once (7 threads, two calls each) of 0.3 s calls
        GrowingQueue built = new GrowingQueue(20, 60, 3.5 / 0.3, 300);
        GrowingQueue fromMean = GrowingQueue.fromMean(20, 60, 3.5, built.percentileMillis(0.5));
        assertThat(fromMean.serviceMillis()).isCloseTo(300, within(1e-6));
        assertThat(fromMean.servedPerSecond()).isCloseTo(3.5 / 0.3, within(1e-9));
    }

    @Test
    void theFanOutArticlesMeanGivesItsP95() {
        // the article's default pool: mean 27,289 ms and p95 51,370 ms under 20/s for 60 s on 7 threads
        GrowingQueue article = GrowingQueue.fromMean(20, 60, 3.5, 27_289);
        assertThat(article.serviceMillis()).isCloseTo(332, within(1.0));
        assertThat(article.percentileMillis(0.95) / 51_370 - 1).isCloseTo(0, within(0.005));
    }

    @Test
    void aQueueNeedsRatesAndADuration() {
        assertThatThrownBy(() -> new GrowingQueue(20, 0, 10, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new GrowingQueue(20, 10, 0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
