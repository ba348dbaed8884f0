package org.concurrencylab.catalog.claim;

/**
 * Something an article states that no claim of the lab checks, and what checking it would take: listed beside the
 * claims ({@code ./lab list --claims}) so that no article item is left out unsaid. Not a claim: nothing runs for
 * it, and it has no verdict.
 *
 * @param articleSaid what the article states, in the lab's words
 * @param needs       what deciding it would take that the lab here lacks, and the measurement that says so
 */
public record NotChecked(String articleSaid, String needs) {

    public NotChecked {
        if (articleSaid == null || articleSaid.isBlank() || needs == null || needs.isBlank()) {
            throw new IllegalArgumentException(
                    "an article item the lab does not check says what the article states and what checking it needs");
        }
    }
}
