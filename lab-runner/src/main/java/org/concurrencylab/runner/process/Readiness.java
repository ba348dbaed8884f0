package org.concurrencylab.runner.process;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.io.entity.EntityUtils;

/** Waits until Actuator's readiness probe answers 200. */
final class Readiness {

    private Readiness() {}

    static void await(URI readiness, Process process, Duration timeout)
            throws ServiceStartException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (CloseableHttpClient client = HttpClients.createDefault()) {
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new ServiceStartException("exited with code " + process.exitValue() + " while starting");
                }
                try {
                    int status = client.execute(new HttpGet(readiness), response -> {
                        EntityUtils.consume(response.getEntity());
                        return response.getCode();
                    });
                    if (status == 200) {
                        return;
                    }
                } catch (IOException notYet) {
                    // the server is not accepting yet
                }
                Thread.sleep(50);
            }
        } catch (IOException e) {
            throw new ServiceStartException("readiness check failed: " + e.getMessage());
        }
        throw new ServiceStartException("not ready after " + timeout.toSeconds() + " s");
    }
}
