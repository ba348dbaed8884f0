package org.concurrencylab.catalog.load;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * The paths a variant's load sends its requests to on the entry service, each in proportion to its
 * weight, where the experiment's one path is not the whole story: two applications on one server, each
 * answering its own share. Every step of the variant, and its warm-up, sends them; the step's results
 * then keep each path's figures apart ({@code steps[].byRequest}).
 *
 * @param shares each path and its weight, in the order a report lists them; at least two
 */
public record RequestPaths(List<Share> shares) {

    /**
     * One path of the mix.
     *
     * @param path   from {@code /}, with any query
     * @param weight its share of the requests against the others' weights, a whole number of 1 or more
     */
    public record Share(String path, int weight) {

        public Share {
            if (path == null || !path.startsWith("/")) {
                throw new IllegalArgumentException("a request's path starts with '/', as in /orders/1; not " + path);
            }
            try {
                URI.create("http://127.0.0.1" + path);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the path " + path + " is not a URI's path: " + e.getMessage());
            }
            if (weight < 1) {
                throw new IllegalArgumentException("a path's weight is a whole number of 1 or more, not " + weight);
            }
        }
    }

    public RequestPaths {
        shares = List.copyOf(shares);
        if (shares.size() < 2) {
            throw new IllegalArgumentException("a mix of paths has two or more; one path is the experiment's own");
        }
        if (shares.stream().map(Share::path).distinct().count() < shares.size()) {
            throw new IllegalArgumentException("each path of a mix appears once; give it the sum of its weights");
        }
    }

    /** Starts a mix with its first path: add the others with {@link #and}. */
    public static Builder of(String path, int weight) {
        return new Builder().and(path, weight);
    }

    /** The share of the requests {@code path} gets, 0 to 1; 0 for a path not in the mix. */
    public double shareOf(String path) {
        int total = shares.stream().mapToInt(Share::weight).sum();
        return shares.stream()
                        .filter(share -> share.path().equals(path))
                        .mapToInt(Share::weight)
                        .sum()
                / (double) total;
    }

    /** Collects a mix's paths in order. */
    public static final class Builder {
        private final List<Share> shares = new ArrayList<>();

        private Builder() {}

        public Builder and(String path, int weight) {
            shares.add(new Share(path, weight));
            return this;
        }

        public RequestPaths build() {
            return new RequestPaths(shares);
        }
    }
}
