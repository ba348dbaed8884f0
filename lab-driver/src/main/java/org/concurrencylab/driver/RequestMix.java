package org.concurrencylab.driver;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;

/**
 * The requests a load sends, each in proportion to its weight, as a service's users mix reading and
 * writing. The order is fixed, not drawn at random: the parts are interleaved by smooth weighted
 * round-robin (weights 3 and 1 send a, a, b, a, and again), and user {@code u}'s request {@code n} is
 * the cycle's {@code (u + n)}-th, so users do not all send the same part at once and every run sends the
 * same sequence. Because of that, a {@link RequestRecord}'s user and sequence name its part
 * ({@link #partOf}) without the record carrying it.
 */
public final class RequestMix {

    /** Far beyond any declared mix, and what keeps the cycle a small array. */
    public static final int MAX_TOTAL_WEIGHT = 1000;

    /**
     * One request of the mix.
     *
     * @param path    where it goes, from {@code /}, with any query; absent: the load's target as it is
     * @param request its method, headers and body
     * @param weight  its share of the requests, against the other parts' weights
     */
    public record Part(Optional<String> path, RequestTemplate request, int weight) {

        public Part {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(request, "request");
            path.ifPresent(Part::checkPath);
            if (weight < 1) {
                throw new IllegalArgumentException("a request's weight is a whole number of 1 or more, not " + weight);
            }
        }

        /** A request to {@code path} (from {@code /}) with this weight. */
        public static Part of(String path, RequestTemplate request, int weight) {
            return new Part(Optional.of(path), request, weight);
        }

        private static void checkPath(String path) {
            if (!path.startsWith("/")) {
                throw new IllegalArgumentException("a request's path starts with '/', as in /orders/1; not " + path);
            }
            try {
                URI.create("http://127.0.0.1" + path);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the path " + path + " is not a URI's path: " + e.getMessage());
            }
        }

        /** In one line: {@code POST /orders (a body of 24 bytes)}; a part without its own path says so. */
        public String describe() {
            return request.describe(path.orElse("the target"));
        }

        /** Where this part goes: its own path on the target's host, or the target. */
        URI uri(URI target) {
            return path.map(target::resolve).orElse(target);
        }
    }

    private final List<Part> parts;
    /** One round of the weights, the part of each slot: made once, read for every request. */
    private final int[] cycle;

    /** @param parts the requests, in their declared order */
    public RequestMix(List<Part> parts) {
        parts = List.copyOf(parts);
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a load sends at least one request");
        }
        if (parts.size() > 1 && parts.stream().anyMatch(part -> part.path().isEmpty())) {
            throw new IllegalArgumentException("each request of a mix says its path");
        }
        if (parts.stream().mapToInt(Part::weight).sum() > MAX_TOTAL_WEIGHT) {
            throw new IllegalArgumentException("a mix's weights add up to " + MAX_TOTAL_WEIGHT
                    + " at most; give them as smaller " + "whole numbers of the same proportions");
        }
        this.parts = parts;
        this.cycle = cycle(parts);
    }

    /** One request, sent to the load's target as it is. */
    public static RequestMix of(RequestTemplate request) {
        return new RequestMix(List.of(new Part(Optional.empty(), request, 1)));
    }

    public List<Part> parts() {
        return parts;
    }

    public boolean isMix() {
        return parts.size() > 1;
    }

    /** The part that user {@code user}'s request {@code sequence} sends (both from 0; an open load's requests are user 0's). */
    public int partOf(int user, int sequence) {
        return cycle[(int) (((long) user + sequence) % cycle.length)];
    }

    /** The mix with every {@code ${NAME}} in a header resolved, as {@link RequestTemplate#resolved}. */
    public RequestMix resolved(UnaryOperator<String> variables) {
        return new RequestMix(parts.stream()
                .map(part -> new Part(part.path(), part.request().resolved(variables), part.weight()))
                .toList());
    }

    /** In one line, as a report says what was asked. */
    public String describe() {
        if (!isMix()) {
            return parts.getFirst().describe();
        }
        List<String> each = new ArrayList<>();
        int total = parts.stream().mapToInt(Part::weight).sum();
        for (Part part : parts) {
            each.add(part.describe() + " " + Math.round(100.0 * part.weight() / total) + " %");
        }
        return parts.size() + " requests: " + String.join(", ", each);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RequestMix mix && mix.parts.equals(parts);
    }

    @Override
    public int hashCode() {
        return parts.hashCode();
    }

    @Override
    public String toString() {
        return describe();
    }

    /** Each part's body as the classic client sends it, made once for a whole load. */
    List<Optional<ByteArrayEntity>> entities() {
        return parts.stream().map(part -> part.request().entity()).toList();
    }

    /** Each part's body as the asynchronous client sends it, made once for a whole load. */
    List<Optional<RequestTemplate.EncodedBody>> encodedBodies() {
        return parts.stream().map(part -> part.request().encodedBody()).toList();
    }

    /** Each part's address on {@code target}'s host, resolved once for a load rather than for every request. */
    List<URI> urisOn(URI target) {
        return parts.stream().map(part -> part.uri(target)).toList();
    }

    /** Smooth weighted round-robin over one round of the weights: each part as often as its weight, spread out. */
    private static int[] cycle(List<Part> parts) {
        int total = parts.stream().mapToInt(Part::weight).sum();
        int[] cycle = new int[total];
        int[] current = new int[parts.size()];
        for (int slot = 0; slot < total; slot++) {
            int chosen = 0;
            for (int i = 0; i < parts.size(); i++) {
                current[i] += parts.get(i).weight();
                if (current[i] > current[chosen]) {
                    chosen = i;
                }
            }
            current[chosen] -= total;
            cycle[slot] = chosen;
        }
        return cycle;
    }
}
