package org.concurrencylab.cli;

/**
 * A value the user gave the lab, on its command line or in a file it was asked to read, that means
 * nothing (a count that is not a count, a scale past what the time units hold): exit 2 and one line.
 */
final class BadInput extends RuntimeException {

    BadInput(String message) {
        super(message);
    }
}
