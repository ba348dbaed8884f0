package org.concurrencylab.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.Outcome;
import org.concurrencylab.driver.RequestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmeterSampleLogTest {

    private static final String HEADER =
            "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
                    + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,Hostname,IdleTime,Connect\n";

    @TempDir
    Path directory;

    @Test
    void aFileThatIsNotTextOrEndsInsideAQuoteIsNamedInOneLine() throws Exception {
        Path binary = Files.write(
                directory.resolve("binary.jtl"), new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF, 0, 1, 2});
        assertThatThrownBy(() -> JmeterSampleLog.read(binary))
                .isInstanceOf(java.io.IOException.class)
                .hasMessage(
                        binary + " is not a text file (bytes that are not UTF-8): not a CSV sample log JMeter wrote");
        Path quote = Files.writeString(
                directory.resolve("quote.jtl"),
                HEADER
                        + "1000,105,\"GET /value,200,OK,10.200.0.2:1099-lab users 1-1,text,true,,10,10,1,2,http://x/value,100,h,0,1\n");
        assertThatThrownBy(() -> JmeterSampleLog.read(quote))
                .isInstanceOf(java.io.IOException.class)
                .hasMessageStartingWith(quote + " is not a CSV sample log JMeter wrote: ")
                .hasMessageNotContaining("\n");
    }

    @Test
    void everySampleIsARecordOfItsUserItsHostAndHowItEnded() throws Exception {
        Path jtl = Files.writeString(
                directory.resolve("samples.jtl"),
                HEADER
                        + "1000,105,GET /value,200,OK,10.200.0.2:1099-lab users 1-1,text,true,,10,10,1,2,http://x/value,100,h,0,1\n"
                        + "1002,110,GET /value,200,OK,10.200.0.3:1099-lab users 1-1,text,true,,10,10,1,2,http://x/value,100,h,0,1\n"
                        + "1105,1500,GET /value,\"Non HTTP response code: java.net.SocketTimeoutException\",\"Read timed out, at last\","
                        + "10.200.0.2:1099-lab users 1-1,text,false,\"Read timed out, at last\",10,10,1,2,http://x/value,0,h,0,1\n"
                        + "1112,20,GET /value,503,Service Unavailable,10.200.0.3:1099-lab users 1-1,text,false,,10,10,1,2,http://x/value,20,h,0,1\n");

        JmeterSampleLog.Read read = JmeterSampleLog.read(jtl);
        LoadResult load = read.load();

        assertThat(read.requestsByHost()).isEqualTo(Map.of("10.200.0.2:1099", 2L, "10.200.0.3:1099", 2L));
        assertThat(load.startEpochMillis()).isEqualTo(1000);
        assertThat(load.elapsedNanos()).isEqualTo(1_605_000_000L);
        assertThat(load.requests())
                .extracting(RequestRecord::outcome)
                .containsExactly(Outcome.OK, Outcome.OK, Outcome.TIMEOUT, Outcome.HTTP_5XX);
        assertThat(load.requests()).extracting(RequestRecord::user).containsExactly(0, 1, 0, 1);
        assertThat(load.requests()).extracting(RequestRecord::sequence).containsExactly(0, 0, 1, 1);
        assertThat(load.requests().get(1).startNanos()).isEqualTo(2_000_000L);
        assertThat(load.ok()).isEqualTo(2);
        assertThat(load.okLatencyMicros().getMaxValue()).isBetween(109_000L, 111_000L);
    }

    /**
     * Two engines, each a user sending two requests of 100 ms back to back, the second engine started 350 ms after
     * the first (JMeter starts remote engines one after another): the load ran 200 ms, not 550.
     */
    @Test
    void aLoadLastsItsLongestHostsOwnSpanNotFromTheFirstHostsStartToTheLastHostsEnd() throws Exception {
        Path jtl = Files.writeString(
                directory.resolve("skewed.jtl"),
                HEADER
                        + "1000,100,GET /value,200,OK,10.200.0.2:1099-lab users 1-1,text,true,,10,10,1,2,http://x/value,100,h,0,1\n"
                        + "1100,100,GET /value,200,OK,10.200.0.2:1099-lab users 1-1,text,true,,10,10,1,2,http://x/value,100,h,0,1\n"
                        + "1350,100,GET /value,200,OK,10.200.0.3:1099-lab users 1-1,text,true,,10,10,1,2,http://x/value,100,h,0,1\n"
                        + "1450,100,GET /value,200,OK,10.200.0.3:1099-lab users 1-1,text,true,,10,10,1,2,http://x/value,100,h,0,1\n");

        LoadResult load = JmeterSampleLog.read(jtl).load();

        assertThat(load.elapsedNanos()).isEqualTo(200_000_000L);
        assertThat(load.throughputPerSecond()).isEqualTo(20.0);
        assertThat(load.requests().get(2).startNanos()).isEqualTo(350_000_000L);
    }

    /**
     * Two engines at 10 arrivals a second each: every 100 ms from its schedule's start. The third of the first went out
     * 30 ms late and the first of the second 20 ms late; JMeter logs the actual sends, the lab counts from the due times.
     */
    @Test
    void openArrivalsAreTimedFromTheirDueTimesRebuiltFromEachEnginesEvenSchedule() throws Exception {
        Path jtl = Files.writeString(
                directory.resolve("open.jtl"),
                HEADER
                        + "1000,50,GET /value,200,OK,10.200.0.2:1099-lab users 1-1,text,true,,10,10,1,2,http://x/value,50,h,0,1\n"
                        + "1100,50,GET /value,200,OK,10.200.0.2:1099-lab users 1-2,text,true,,10,10,1,2,http://x/value,50,h,0,1\n"
                        + "1230,50,GET /value,200,OK,10.200.0.2:1099-lab users 1-3,text,true,,10,10,1,2,http://x/value,50,h,0,1\n"
                        + "1070,50,GET /value,200,OK,10.200.0.3:1099-lab users 1-1,text,true,,10,10,1,2,http://x/value,50,h,0,1\n"
                        + "1150,60,GET /value,503,Busy,10.200.0.3:1099-lab users 1-2,text,false,,10,10,1,2,http://x/value,60,h,0,1\n");

        JmeterSampleLog.Read read = JmeterSampleLog.readEvenArrivals(jtl, 10);
        LoadResult load = read.load();

        assertThat(read.requestsByHost()).isEqualTo(Map.of("10.200.0.2:1099", 3L, "10.200.0.3:1099", 2L));
        // the second engine's schedule starts where none of its sends came early: 1050, so its first is 20 ms late
        assertThat(load.requests())
                .extracting(RequestRecord::startNanos)
                .containsExactly(0L, 50_000_000L, 100_000_000L, 150_000_000L, 200_000_000L);
        assertThat(load.requests())
                .extracting(RequestRecord::latenessNanos)
                .containsExactly(0L, 20_000_000L, 0L, 0L, 30_000_000L);
        assertThat(load.requests().get(4).latencyNanos()).isEqualTo(80_000_000L);
        assertThat(load.requests().get(3).outcome()).isEqualTo(Outcome.HTTP_5XX);
        assertThat(load.startEpochMillis()).isEqualTo(1000);
        assertThat(load.ok()).isEqualTo(4);
        assertThat(load.okLatencyMicros().getMaxValue()).isBetween(79_000L, 81_000L);
    }

    @Test
    void aLocalJmetersThreadsAreThisHostsAndALogWithoutItsColumnsIsRefused() throws Exception {
        Path local = Files.writeString(
                directory.resolve("local.jtl"),
                HEADER + "1000,5,GET /,200,OK,lab users 1-1,text,true,,1,1,1,1,http://x/,5,h,0,0\n");
        assertThat(JmeterSampleLog.read(local).requestsByHost()).isEqualTo(Map.of(JmeterSampleLog.THIS_HOST, 1L));

        Path other = Files.writeString(directory.resolve("other.csv"), "user,sequence,start_ms\n0,0,1\n");
        assertThatThrownBy(() -> JmeterSampleLog.read(other)).hasMessageContaining("no timeStamp column");
    }
}
