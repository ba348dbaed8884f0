package org.concurrencylab.results.usage;

import java.util.Map;

/**
 * @param atMillis       since the step started
 * @param byPool         live threads by pool
 * @param runnableByPool threads in state RUNNABLE by pool
 * @param virtualMounted virtual threads mounted on carriers, -1 where the JDK does not tell
 */
public record ThreadSample(
        long atMillis,
        int live,
        Map<String, Integer> byPool,
        Map<String, Integer> runnableByPool,
        long virtualMounted,
        long heapUsedBytes) {}
