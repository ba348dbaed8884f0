package org.concurrencylab.results;

/**
 * Where and how the run happened.
 *
 * @param scale       the time scale S: latencies and timeouts were multiplied by it
 * @param machineCpus processors of this machine, whatever the services were told
 * @param jdk         the runtime version of the JDK that ran the services
 */
public record RunInfo(String id, double scale, int machineCpus, String jdk, String springBoot, String os,
                      String startedAt, String finishedAt) {
}
