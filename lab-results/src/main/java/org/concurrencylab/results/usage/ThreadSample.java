package org.concurrencylab.results.usage;

import java.util.Map;
import java.util.OptionalLong;

/**
 * @param atMillis       since the step started
 * @param byPool         live threads by pool
 * @param runnableByPool threads in state RUNNABLE by pool
 * @param virtualMounted virtual threads mounted on carriers; empty where the JDK does not tell
 */
public record ThreadSample(
        long atMillis,
        int live,
        Map<String, Integer> byPool,
        Map<String, Integer> runnableByPool,
        OptionalLong virtualMounted,
        long heapUsedBytes) {

    public ThreadSample {
        virtualMounted = virtualMounted == null ? OptionalLong.empty() : virtualMounted;
    }
}
