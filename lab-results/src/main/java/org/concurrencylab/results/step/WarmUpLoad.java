package org.concurrencylab.results.step;

/**
 * The closed load every variant ran before it was measured: {@code users} users until its services were
 * steady, at most {@code lengthInD} times D, the experiment's own or the length asked for with --warm-up;
 * how long each variant's took is in its sizing.
 */
public record WarmUpLoad(int users, int lengthInD) {}
