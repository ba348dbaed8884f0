package org.concurrencylab.runner.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.Outcome;
import org.concurrencylab.driver.RequestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The step's files, read back with HdrHistogram's own readers. */
class RequestLogTest {

    @TempDir
    Path directory;

    @Test
    void theIntervalLogAndThePercentileDistributionHoldTheStepsSuccessfulLatencies() throws Exception {
        // 30 requests due over 3 article seconds of 100 ms (S = 0.1), latencies 100 + i ms; one timed out
        List<RequestRecord> requests = new ArrayList<>();
        Histogram ok = new Histogram(3);
        for (int i = 0; i < 30; i++) {
            Outcome outcome = i == 29 ? Outcome.TIMEOUT : Outcome.OK;
            long latency = Duration.ofMillis(100 + i).toNanos();
            requests.add(new RequestRecord(i, 0, Duration.ofMillis(10L * i).toNanos(), latency, outcome));
            if (outcome == Outcome.OK) {
                ok.recordValue(latency / 1000);
            }
        }
        LoadResult load =
                new LoadResult(1_700_000_000_000L, Duration.ofMillis(430).toNanos(), ok, requests);

        RequestLog.write(load, directory.resolve("100x10.csv"), Duration.ofMillis(100));

        List<EncodableHistogram> intervals = new ArrayList<>();
        try (HistogramLogReader reader =
                new HistogramLogReader(new File(directory.resolve("100x10.hlog").toString()))) {
            for (EncodableHistogram interval = reader.nextIntervalHistogram();
                    interval != null;
                    interval = reader.nextIntervalHistogram()) {
                intervals.add(interval);
            }
        }
        assertThat(intervals).hasSize(3);
        Histogram all = new Histogram(3);
        intervals.forEach(interval -> all.add((Histogram) interval));
        assertThat(all.getTotalCount()).isEqualTo(29);
        assertThat(all.getValueAtPercentile(50) / 1000.0).isCloseTo(114, org.assertj.core.api.Assertions.within(0.2));
        assertThat(all.getMaxValue() / 1000.0).isCloseTo(128, org.assertj.core.api.Assertions.within(0.2));

        String distribution = Files.readString(directory.resolve("100x10.hgrm"));
        assertThat(distribution).containsPattern("#\\[Max\\s+=\\s+128\\.\\d+, Total count\\s+=\\s+29\\]");
        assertThat(Files.readAllLines(directory.resolve("100x10.csv"))).hasSize(31);
    }
}
