package org.concurrencylab.catalog;

import java.util.Map;
import org.concurrencylab.results.SeedFigure;

/**
 * One configuration of an experiment's system, run in its own JVM.
 *
 * @param properties the Spring properties that select stack, server, pool sizes and handler
 * @param capacity   what caps its concurrency, for the Little's-law bound
 * @param seed       the article's figures by load step label; empty for modern variants
 */
public record Variant(String name, String summary, Origin origin, Map<String, String> properties,
                      CapacityModel capacity, Map<String, SeedFigure> seed) {
}
