package org.concurrencylab.driver;

import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.TlsConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.HeaderElements;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.Timeout;
import org.concurrencylab.results.step.Connections;

/**
 * Drives an {@link OpenModel}. One scheduler thread sends each request at its due time through
 * HttpClient 5's asynchronous client, so a send never waits for an earlier answer; each request's
 * latency counts from its due time, not from when it went out, so a stalled server (or a late
 * driver) shows up in the numbers instead of thinning the arrivals (no coordinated omission).
 * Every request has a deadline at due time + timeout, enforced by the driver itself, since the
 * client's own timeouts only measure inactivity on a socket.
 */
public final class OpenLoopDriver {

    /** Time allowed beyond the schedule and the last deadline before the run is declared stuck. */
    private static final long SAFETY_MARGIN_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** The first request is due this long after the client is ready, so it is not late by construction. */
    private static final long LEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    public LoadResult run(URI target, OpenModel model, Progress progress) throws InterruptedException {
        LoopbackOnly.check(target);
        int count = model.requestCount();
        Schedule schedule = new Schedule(count, progress);
        ScheduledThreadPoolExecutor deadlines = new ScheduledThreadPoolExecutor(
                1, Thread.ofPlatform().name("lab-deadlines").daemon(true).factory());
        deadlines.setRemoveOnCancelPolicy(true);
        CloseableHttpAsyncClient client = newClient(model);
        // one body and one address per request of the mix, shared by every request that sends it: read, never changed
        List<Optional<RequestTemplate.EncodedBody>> bodies = model.requests().encodedBodies();
        List<URI> uris = model.requests().urisOn(target);
        try {
            client.start();
            long timeoutNanos = model.requestTimeout().toNanos();
            long startNanos = System.nanoTime() + LEAD_NANOS;
            long startEpochMillis = System.currentTimeMillis() + TimeUnit.NANOSECONDS.toMillis(LEAD_NANOS);
            schedule.startNanos = startNanos;
            for (int i = 0; i < count; i++) {
                long dueNanos = startNanos + i * model.intervalNanos();
                waitUntil(dueNanos);
                Pending request = new Pending(schedule, i, dueNanos, System.nanoTime());
                if (schedule.inFlight.get() >= model.maxInFlight()) {
                    request.finish(Outcome.NOT_SENT);
                    continue;
                }
                schedule.inFlight.incrementAndGet();
                Future<SimpleHttpResponse> exchange = client.execute(request(model, i, uris, bodies), request);
                deadlines.schedule(
                        () -> {
                            if (request.finish(Outcome.TIMEOUT)) {
                                exchange.cancel(true);
                            }
                        },
                        dueNanos + timeoutNanos - System.nanoTime(),
                        TimeUnit.NANOSECONDS);
            }
            long lastDeadline = startNanos + (count - 1) * model.intervalNanos() + timeoutNanos;
            if (!schedule.done.await(lastDeadline + SAFETY_MARGIN_NANOS - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException("load did not finish within its time bound");
            }
            return schedule.result(startEpochMillis);
        } finally {
            deadlines.shutdownNow();
            client.close(CloseMode.IMMEDIATE);
        }
    }

    /**
     * A new connection per request is Gatling's connection per injected user: the server closes it
     * after the answer, so the pool opens a fresh one for the next arrival.
     */
    private static SimpleHttpRequest request(
            OpenModel model, int index, List<URI> uris, List<Optional<RequestTemplate.EncodedBody>> bodies) {
        int part = model.requests().partOf(0, index);
        SimpleRequestBuilder request =
                model.requests().parts().get(part).request().toSimpleRequest(uris.get(part), bodies.get(part));
        if (model.connections() == Connections.NEW_PER_REQUEST) {
            request.setHeader(HttpHeaders.CONNECTION, HeaderElements.CLOSE);
        }
        return request.build();
    }

    /**
     * Parks until the due time. A driver that fell behind (a pause of its own JVM) sends at once
     * and the lateness is recorded; it never skips ahead, so the count sent is the count scheduled.
     */
    private static void waitUntil(long dueNanos) throws InterruptedException {
        for (long wait = dueNanos - System.nanoTime(); wait > 0; wait = dueNanos - System.nanoTime()) {
            LockSupport.parkNanos(wait);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }

    /**
     * A pool as large as the in-flight cap, because HTTP/1.1 carries one request per connection at a
     * time and an open model must never queue behind its own client; no retries, no redirects.
     */
    private static CloseableHttpAsyncClient newClient(OpenModel model) {
        // the deadline is the driver's; the socket timeouts only catch a connection that went silent after it
        Timeout limit = Timeout.of(model.requestTimeout().multipliedBy(2));
        PoolingAsyncClientConnectionManager connections = PoolingAsyncClientConnectionManagerBuilder.create()
                .setMaxConnTotal(model.maxInFlight())
                .setMaxConnPerRoute(model.maxInFlight())
                .setDnsResolver(LoopbackOnly.RESOLVER)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(limit)
                        .setSocketTimeout(limit)
                        .build())
                .setDefaultTlsConfig(TlsConfig.custom()
                        .setVersionPolicy(HttpVersionPolicy.FORCE_HTTP_1)
                        .build())
                .build();
        return HttpAsyncClients.custom()
                .setConnectionManager(connections)
                .setIOReactorConfig(IOReactorConfig.custom()
                        .setIoThreadCount(2)
                        .setSoTimeout(limit)
                        .build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .build();
    }

    /** The records of one run, filled in by whichever thread learns a request's outcome first. */
    private static final class Schedule {
        final RequestRecord[] records;
        final CountDownLatch done;
        final AtomicInteger inFlight = new AtomicInteger();
        final Progress progress;
        volatile long startNanos;

        Schedule(int count, Progress progress) {
            this.records = new RequestRecord[count];
            this.done = new CountDownLatch(count);
            this.progress = progress;
        }

        LoadResult result(long startEpochMillis) {
            Histogram ok = new Histogram(3);
            long lastEnd = startNanos;
            List<RequestRecord> requests = new ArrayList<>(Arrays.asList(records));
            for (RequestRecord request : requests) {
                if (request.outcome() == Outcome.OK) {
                    ok.recordValue(Math.max(1, request.latencyNanos() / 1000));
                }
                lastEnd = Math.max(lastEnd, startNanos + request.startNanos() + request.latencyNanos());
            }
            return new LoadResult(startEpochMillis, lastEnd - startNanos, ok, requests);
        }
    }

    /** One scheduled request: answered, failed or timed out, whichever comes first, exactly once. */
    private static final class Pending implements FutureCallback<SimpleHttpResponse> {
        private final Schedule schedule;
        private final int index;
        private final long dueNanos;
        private final long sentNanos;
        private final AtomicBoolean finished = new AtomicBoolean();

        Pending(Schedule schedule, int index, long dueNanos, long sentNanos) {
            this.schedule = schedule;
            this.index = index;
            this.dueNanos = dueNanos;
            this.sentNanos = sentNanos;
        }

        boolean finish(Outcome outcome) {
            long now = System.nanoTime();
            if (!finished.compareAndSet(false, true)) {
                return false;
            }
            if (outcome != Outcome.NOT_SENT) {
                schedule.inFlight.decrementAndGet();
            }
            long latency = outcome == Outcome.NOT_SENT ? 0 : now - dueNanos;
            schedule.records[index] =
                    new RequestRecord(0, index, dueNanos - schedule.startNanos, latency, sentNanos - dueNanos, outcome);
            schedule.progress.completed(outcome, latency);
            schedule.done.countDown();
            return true;
        }

        @Override
        public void completed(SimpleHttpResponse response) {
            finish(Outcome.ofStatus(response.getCode()));
        }

        @Override
        public void failed(Exception failure) {
            if (failure instanceof SocketTimeoutException) {
                finish(Outcome.TIMEOUT);
                return;
            }
            finish(
                    failure instanceof ConnectException
                                    || failure instanceof SocketException
                                    || failure instanceof ConnectionClosedException
                                    || failure instanceof NoHttpResponseException
                            ? Outcome.CONNECTION_ERROR
                            : Outcome.OTHER_ERROR);
        }

        @Override
        public void cancelled() {
            // only the deadline cancels, and it has recorded the timeout already
        }
    }
}
