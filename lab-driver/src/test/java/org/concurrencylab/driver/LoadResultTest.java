package org.concurrencylab.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LoadResultTest {

    @Test
    void derivesThroughputInFlightAndFailuresFromTheRecords() {
        Histogram ok = new Histogram(3);
        ok.recordValue(100_000);
        ok.recordValue(100_000);
        ok.recordValue(200_000);
        List<RequestRecord> requests = List.of(
                new RequestRecord(0, 0, 0, 100_000_000L, Outcome.OK),
                new RequestRecord(0, 1, 100_000_000L, 100_000_000L, Outcome.OK),
                new RequestRecord(1, 0, 0, 200_000_000L, Outcome.OK),
                new RequestRecord(2, 0, 0, 200_000_000L, Outcome.TIMEOUT));
        LoadResult result = new LoadResult(0, 200_000_000L, ok, requests);

        assertThat(result.sent()).isEqualTo(4);
        assertThat(result.ok()).isEqualTo(3);
        assertThat(result.failed()).isEqualTo(1);
        assertThat(result.throughputPerSecond()).isEqualTo(15.0);
        assertThat(result.meanInFlight()).isEqualTo(3.0); // 600 ms of requests in 200 ms
        assertThat(result.failuresByKind()).containsOnlyKeys(Outcome.TIMEOUT);
    }
}
