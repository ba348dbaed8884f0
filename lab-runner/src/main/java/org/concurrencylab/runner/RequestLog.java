package org.concurrencylab.runner;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.concurrencylab.driver.LoadResult;
import org.concurrencylab.driver.RequestRecord;

/** Writes every request of a step as CSV, for time charts: one line per request, in the order they were due. */
final class RequestLog {

    static final String HEADER = "user,sequence,start_ms,latency_ms,late_ms,outcome";

    private RequestLog() {
    }

    static void write(LoadResult load, Path file) throws IOException {
        Files.createDirectories(file.getParent());
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            out.write(HEADER);
            out.newLine();
            for (RequestRecord request : load.requests()) {
                out.write(String.format(Locale.ROOT, "%d,%d,%.3f,%.3f,%.3f,%s", request.user(), request.sequence(),
                        request.startNanos() / 1e6, request.latencyNanos() / 1e6, request.latenessNanos() / 1e6,
                        request.outcome()));
                out.newLine();
            }
        }
    }
}
