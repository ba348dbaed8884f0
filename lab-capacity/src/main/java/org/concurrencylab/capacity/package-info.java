/**
 * A service's capacity model from the steps a study measured: what each request costs every resource it uses,
 * the one that saturates first, the model carried onto a machine the user names, and the size a pool needs.
 * Reads only result records; starts nothing.
 */
package org.concurrencylab.capacity;
