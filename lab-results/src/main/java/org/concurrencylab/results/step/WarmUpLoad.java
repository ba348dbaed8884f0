package org.concurrencylab.results.step;

/**
 * The closed load every variant ran before it was measured: {@code users} users for
 * {@code lengthInD} times D, the experiment's own or the length asked for with --warm-up.
 */
public record WarmUpLoad(int users, int lengthInD) {}
