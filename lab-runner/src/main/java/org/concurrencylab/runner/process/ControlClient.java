package org.concurrencylab.runner.process;

import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.util.Timeout;

/**
 * The HTTP client the lab asks its own processes with (a probe, the database service, the stand-ins, an
 * application's readiness): never the load's. One response timeout, and no retries: a call that failed says so
 * at once rather than being sent again behind the caller's back.
 */
public final class ControlClient {

    private ControlClient() {}

    public static CloseableHttpClient create(Timeout responseTimeout) {
        return HttpClients.custom()
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setResponseTimeout(responseTimeout)
                        .build())
                .disableAutomaticRetries()
                .build();
    }
}
