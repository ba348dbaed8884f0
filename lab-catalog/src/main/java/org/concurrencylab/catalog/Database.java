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
    /**
     * The environment variable that carries the run's password for the services' role, made anew for
     * each run and given to the database and the services alone (Spring reads it as
     * {@code lab.database.password}); a command line would show it to every user of the machine.
     */
    public static final String PASSWORD_VARIABLE = "LAB_DATABASE_PASSWORD";
    /** The services' role: it owns the database they use, and is no superuser. */
    public static final String SERVICE_ROLE = "lab";

    @Override
    public String role() {
        return "database";
    }

    @Override
    public String addressProperty() {
        return URL_PROPERTY;
    }
}
