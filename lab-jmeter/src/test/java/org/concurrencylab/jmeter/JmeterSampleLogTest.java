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

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,Hostname,IdleTime,Connect\n";

    @TempDir
    Path directory;

    @Test
    void everySampleIsARecordOfItsUserItsHostAndHowItEnded() throws Exception {
        Path jtl = Files.writeString(directory.resolve("samples.jtl"), HEADER
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
        assertThat(load.requests()).extracting(RequestRecord::outcome)
                .containsExactly(Outcome.OK, Outcome.OK, Outcome.TIMEOUT, Outcome.HTTP_5XX);
        assertThat(load.requests()).extracting(RequestRecord::user).containsExactly(0, 1, 0, 1);
        assertThat(load.requests()).extracting(RequestRecord::sequence).containsExactly(0, 0, 1, 1);
        assertThat(load.requests().get(1).startNanos()).isEqualTo(2_000_000L);
        assertThat(load.ok()).isEqualTo(2);
        assertThat(load.okLatencyMicros().getMaxValue()).isBetween(109_000L, 111_000L);
    }

    @Test
    void aLocalJmetersThreadsAreThisHostsAndALogWithoutItsColumnsIsRefused() throws Exception {
        Path local = Files.writeString(directory.resolve("local.jtl"), HEADER
                + "1000,5,GET /,200,OK,lab users 1-1,text,true,,1,1,1,1,http://x/,5,h,0,0\n");
        assertThat(JmeterSampleLog.read(local).requestsByHost()).isEqualTo(Map.of(JmeterSampleLog.THIS_HOST, 1L));

        Path other = Files.writeString(directory.resolve("other.csv"), "user,sequence,start_ms\n0,0,1\n");
        assertThatThrownBy(() -> JmeterSampleLog.read(other)).hasMessageContaining("no timeStamp column");
    }
}
