package org.concurrencylab.catalog;

/**
 * A real database an experiment's services use: started once per run of the experiment, before its
 * variants, and stopped after them. Its module reports its JDBC URL in its probe's sizing; the
 * services learn it as {@value #URL_PROPERTY} and reset what they own when they start, so that
 * every variant begins from the same rows.
 */
public record Database(String module) implements SharedComponent {

    /** The property the services read the database's address from. */
    public static final String URL_PROPERTY = "lab.database.url";
    /** Where the database's module reports its address. */
    public static final String URL_SIZING_KEY = "jdbcUrl";

    @Override
    public String role() {
        return "database";
    }

    @Override
    public String addressProperty() {
        return URL_PROPERTY;
    }
}
