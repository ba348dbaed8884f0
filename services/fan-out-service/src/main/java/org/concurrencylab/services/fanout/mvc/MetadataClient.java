package org.concurrencylab.services.fanout.mvc;

import org.concurrencylab.services.fanout.FanOutProperties;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * The metadata service, called the blocking way: the calling thread waits in a socket read for D.
 * HttpURLConnection opens as many connections as there are callers, so the client itself never
 * caps the fan-out (a pooled client with a per-host limit would be a second bottleneck).
 */
final class MetadataClient {

    private final RestClient client;

    MetadataClient(FanOutProperties properties) {
        this.client = RestClient.builder()
                .baseUrl(properties.metadata().toString())
                .requestFactory(new SimpleClientHttpRequestFactory())
                .build();
    }

    String name(String userId) {
        return client.get().uri("/metadata/names/{id}", userId).retrieve().body(String.class);
    }

    String phoneNumber(String userId) {
        return client.get()
                .uri("/metadata/phoneNumbers/{id}", userId)
                .retrieve()
                .body(String.class);
    }
}
