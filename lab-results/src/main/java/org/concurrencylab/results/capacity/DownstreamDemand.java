package org.concurrencylab.results.capacity;

/**
 * What a service's requests spend in the HTTP services it calls, read at the step its model's holds come from:
 * the time that fills whatever pool a request holds while it waits.
 *
 * @param name            the called service (a study's stand-ins, counted together)
 * @param callsPerRequest its calls over the service's answered requests
 * @param meanMillis      the mean time of one call, by the called service's own timers
 */
public record DownstreamDemand(String name, double callsPerRequest, double meanMillis) {}
