package org.concurrencylab.runner;

import java.util.List;
import java.util.Map;

/** The probe's answer as the runner reads it (the probe's own records live in the services' world). */
record ProbeReading(Map<String, Object> sizing, Counters counters, List<Sample> samples) {

    record Counters(long epochMillis, long processCpuNanos, long heapUsedBytes,
                    long voluntaryContextSwitches, long involuntaryContextSwitches) {
    }

    record Pool(int live, int runnable, int blocked, int waiting, int timedWaiting) {
    }

    record Sample(long epochMillis, int liveThreads, Map<String, Pool> pools, long virtualMounted,
                  long virtualQueued, long heapUsedBytes, long processCpuNanos) {
    }
}
