package org.concurrencylab.driver;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.HdrHistogram.Histogram;
import org.apache.hc.client5.http.HttpRoute;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.BasicHttpClientConnectionManager;
import org.apache.hc.client5.http.io.ConnectionEndpoint;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.HeaderElements;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.concurrencylab.results.step.Connections;

/**
 * Drives a {@link ClosedModel}: one thread per user, as siege does, and either a new connection per
 * request (siege's default) or one kept-alive connection per user. The choice matters to servers
 * that pin a connection to one event loop (Reactor Netty): kept-alive users stay on the loop they
 * were accepted on, new connections are spread over the loops as they come.
 */
public final class ClosedLoopDriver {

    /** Time allowed beyond the worst case of every request timing out, before the run is cut off. */
    private static final long SAFETY_MARGIN_NANOS = TimeUnit.SECONDS.toNanos(10);

    /**
     * Pause between opening the users' connections and starting the clock. The server accepts them
     * while it is idle; Reactor Netty accepts on one of its event loops, and a loop that is already
     * blocked by a request would hold the remaining accepts back and skew the spread of users.
     */
    private static final long SETTLE_MILLIS = 100;

    public LoadResult run(URI target, ClosedModel model, Progress progress) throws InterruptedException {
        return run(List.of(target), model, progress);
    }

    /**
     * The same load spread over several instances of one service, as a round-robin balancer in
     * front of them would: user i sends all its requests to target i mod n.
     */
    public LoadResult run(List<URI> targets, ClosedModel model, Progress progress) throws InterruptedException {
        return run(Targets.of(targets), model, progress);
    }

    /** The same, over instances that may grow in number while the load runs ({@link Targets}). */
    public LoadResult run(Targets targets, ClosedModel model, Progress progress) throws InterruptedException {
        return run(targets, model, progress, SendingCheck.NEVER);
    }

    /**
     * The same, with the users sending no more once {@code check} says so; the model's sending window still
     * bounds it.
     */
    public LoadResult run(Targets targets, ClosedModel model, Progress progress, SendingCheck check)
            throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        // one body per request of the mix for every user: an entity is read, never changed, as it is sent
        List<Optional<ByteArrayEntity>> bodies = model.requests().entities();
        List<User> users = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(
                model.users(),
                Thread.ofPlatform().name("lab-user-", 0).daemon(true).factory());
        List<Future<?>> running = new ArrayList<>();
        try {
            for (int i = 0; i < model.users(); i++) {
                users.add(new User(i, targets, model, bodies, progress, start));
            }
            if (model.connections() == Connections.KEEP_ALIVE) {
                for (User user : users) {
                    user.connect();
                }
                Thread.sleep(SETTLE_MILLIS);
            }
            for (User user : users) {
                running.add(pool.submit(user));
            }
            long startEpochMillis = System.currentTimeMillis();
            long startNanos = System.nanoTime();
            long stopSendingNanos = startNanos + Math.min(model.sendingWindow().toNanos(), Long.MAX_VALUE / 4);
            users.forEach(user -> {
                user.startNanos = startNanos;
                user.stopSendingNanos = stopSendingNanos;
            });
            start.countDown();
            awaitAll(running, users, model, startNanos, check);
            return collect(users, startEpochMillis, startNanos);
        } finally {
            pool.shutdownNow();
            users.forEach(User::close);
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /**
     * Every user stops by itself after its repetitions; this bounds the whole run in time as well. Until the users
     * are told to stop sending, {@code check} is asked once a period.
     */
    private static void awaitAll(
            List<Future<?>> running, List<User> users, ClosedModel model, long startNanos, SendingCheck check)
            throws InterruptedException {
        double worstCase = Math.min(
                        (double) model.repetitions()
                                        * (model.requestTimeout().toNanos()
                                                + model.thinkTime().toNanos())
                                + model.rampUp().toNanos(),
                        (double) model.sendingWindow().toNanos())
                + 2.0 * model.requestTimeout().toNanos();
        long deadline = startNanos + (long) Math.min(worstCase, Long.MAX_VALUE / 2.0) + SAFETY_MARGIN_NANOS;
        long period = Math.max(1, check.period().toNanos());
        long windowCloses = startNanos + Math.min(model.sendingWindow().toNanos(), Long.MAX_VALUE / 4);
        long nextCheck = startNanos + Math.min(period, Long.MAX_VALUE / 4);
        boolean asking = true;
        for (Future<?> user : running) {
            while (true) {
                long now = System.nanoTime();
                asking = asking && windowCloses - now > 0;
                long until = asking && nextCheck - deadline < 0 ? nextCheck : deadline;
                try {
                    user.get(Math.max(0, until - now), TimeUnit.NANOSECONDS);
                    break;
                } catch (TimeoutException e) {
                    if (System.nanoTime() - deadline >= 0) {
                        throw new IllegalStateException("load did not finish within its time bound", e);
                    }
                    if (asking && check.stopSending()) {
                        asking = false;
                        long at = System.nanoTime();
                        users.forEach(stopping -> stopping.stopSendingNanos = at);
                    }
                    nextCheck += period;
                    long checked = System.nanoTime();
                    if (nextCheck - checked <= 0) {
                        // a check that took longer than its period: the next one a period after it, not at once
                        nextCheck = checked + period;
                    }
                } catch (ExecutionException e) {
                    throw new IllegalStateException("a virtual user failed", e.getCause());
                }
            }
        }
    }

    private static LoadResult collect(List<User> users, long startEpochMillis, long startNanos) {
        Histogram ok = new Histogram(3);
        List<RequestRecord> requests = new ArrayList<>();
        long lastEnd = startNanos;
        for (User user : users) {
            ok.add(user.okLatencyMicros);
            requests.addAll(user.records);
            lastEnd = Math.max(lastEnd, user.lastEndNanos);
        }
        requests.sort(Comparator.comparingLong(RequestRecord::startNanos));
        return new LoadResult(startEpochMillis, lastEnd - startNanos, ok, requests);
    }

    private static final class User implements Runnable, AutoCloseable {
        private final int id;
        private final Targets targets;
        private final ClosedModel model;
        private final Progress progress;
        private final CountDownLatch start;
        private final BasicHttpClientConnectionManager connection;
        private final CloseableHttpClient client;
        private final List<Optional<ByteArrayEntity>> bodies;
        /** The instance this user sends to, and where each part of the mix goes on it. */
        private URI target;

        private List<URI> uris;
        private final Histogram okLatencyMicros = new Histogram(3);
        private final List<RequestRecord> records = new ArrayList<>();
        private volatile long startNanos;
        private volatile long stopSendingNanos;
        private long lastEndNanos;

        User(
                int id,
                Targets targets,
                ClosedModel model,
                List<Optional<ByteArrayEntity>> bodies,
                Progress progress,
                CountDownLatch start) {
            this.id = id;
            this.targets = targets;
            this.model = model;
            this.progress = progress;
            this.start = start;
            this.connection = newConnection(model.requestTimeout());
            this.client = newClient(connection, model.requestTimeout());
            this.bodies = bodies;
            follow();
        }

        /**
         * The instance the balancer maps this user to now: where one joined, a user that maps to it leaves
         * its connection (the connection manager closes one to another route) and sends there.
         */
        private void follow() {
            URI now = targets.of(id);
            if (!now.equals(target)) {
                target = now;
                uris = model.requests().urisOn(now);
            }
        }

        /**
         * Opens the user's connection ahead of its first request, as a user who is already on the
         * site has one. A failure here is left to the first request, which reports it as an outcome.
         */
        void connect() {
            Timeout limit = Timeout.of(model.requestTimeout());
            HttpRoute route = new HttpRoute(HttpHost.create(target));
            try {
                ConnectionEndpoint endpoint =
                        connection.lease("pre-connect", route, limit, null).get(limit);
                try {
                    connection.connect(endpoint, limit, HttpClientContext.create());
                } finally {
                    connection.release(endpoint, null, TimeValue.NEG_ONE_MILLISECOND);
                }
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void run() {
            try {
                start.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (!awaitTurn()) {
                return;
            }
            for (int sequence = 0;
                    sequence < model.repetitions() && !Thread.currentThread().isInterrupted();
                    sequence++) {
                long sent = System.nanoTime();
                if (sent - stopSendingNanos > 0) {
                    break;
                }
                Outcome outcome = send(sequence);
                long answered = System.nanoTime();
                lastEndNanos = answered;
                long latency = answered - sent;
                if (outcome == Outcome.OK) {
                    okLatencyMicros.recordValue(Math.max(1, latency / 1000));
                }
                records.add(new RequestRecord(id, sequence, sent - startNanos, latency, outcome));
                progress.completed(outcome, latency);
                if (!think()) {
                    return;
                }
            }
        }

        /** The user's pause before its next request; false when interrupted or past the sending window. */
        private boolean think() {
            long pause = model.thinkTime().toNanos();
            if (pause == 0) {
                return true;
            }
            if (System.nanoTime() + pause - stopSendingNanos > 0) {
                return false;
            }
            try {
                TimeUnit.NANOSECONDS.sleep(pause);
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        /** Waits for this user's place in the ramp-up; false when interrupted first. */
        private boolean awaitTurn() {
            long wait = startNanos + model.startOffsetNanos(id) - System.nanoTime();
            if (wait > 0) {
                try {
                    TimeUnit.NANOSECONDS.sleep(wait);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }

        private Outcome send(int sequence) {
            follow();
            int part = model.requests().partOf(id, sequence);
            ClassicHttpRequest request =
                    model.requests().parts().get(part).request().toRequest(uris.get(part), bodies.get(part));
            if (model.connections() == Connections.NEW_PER_REQUEST) {
                // as siege's "connection = close": the server closes it after the answer, the next request connects
                // anew
                request.setHeader(HttpHeaders.CONNECTION, HeaderElements.CLOSE);
            }
            try {
                return client.execute(request, response -> {
                    EntityUtils.consume(response.getEntity());
                    return Outcome.ofStatus(response.getCode());
                });
            } catch (SocketTimeoutException e) {
                return Outcome.TIMEOUT;
            } catch (NoHttpResponseException | SocketException e) {
                return Outcome.CONNECTION_ERROR;
            } catch (InterruptedIOException e) {
                Thread.currentThread().interrupt();
                return Outcome.TIMEOUT;
            } catch (IOException | RuntimeException e) {
                return Outcome.OTHER_ERROR;
            }
        }

        @Override
        public void close() {
            try {
                client.close();
            } catch (IOException ignored) {
                // closing after the load: nothing left to measure
            }
        }

        /**
         * One connection at a time, no retries and no redirects: a retry would hide a failure and
         * distort the latency. The response timeout is an inactivity timeout, which equals a total
         * timeout here because the lab's services send nothing before their answer is complete.
         */
        private static BasicHttpClientConnectionManager newConnection(Duration timeout) {
            Timeout limit = Timeout.of(timeout);
            BasicHttpClientConnectionManager connection = BasicHttpClientConnectionManager.create(
                    null,
                    LoopbackOnly.RESOLVER,
                    RegistryBuilder.<TlsSocketStrategy>create().build(),
                    null);
            connection.setConnectionConfig(ConnectionConfig.custom()
                    .setConnectTimeout(limit)
                    .setSocketTimeout(limit)
                    .build());
            return connection;
        }

        private static CloseableHttpClient newClient(BasicHttpClientConnectionManager connection, Duration timeout) {
            Timeout limit = Timeout.of(timeout);
            return HttpClients.custom()
                    .setConnectionManager(connection)
                    .setDefaultRequestConfig(
                            RequestConfig.custom().setResponseTimeout(limit).build())
                    .disableAutomaticRetries()
                    .disableRedirectHandling()
                    .disableCookieManagement()
                    .build();
        }
    }
}
