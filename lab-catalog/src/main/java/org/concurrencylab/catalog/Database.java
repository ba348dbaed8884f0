package org.concurrencylab.catalog;

/**
 * A real database an experiment's services use: started once per run of the experiment, before its
 * variants, and stopped after them. Its module reports its JDBC URL in its probe's sizing; the
 * services learn it as {@value #URL_PROPERTY} and reset what they own when they start, so that
 * every variant begins from the same rows.
 *
 * <p>With {@code hotStandby}, the module also runs a hot standby of the server, streaming its WAL
 * asynchronously and answering reads; the services learn its address as {@value #REPLICA_URL_PROPERTY}
 * and may send their reads there.
 */
public record Database(String module, boolean hotStandby) implements SharedComponent {

    /** The property the services read the database's address from. */
    public static final String URL_PROPERTY = "lab.database.url";
    /** Where the database's module reports its address. */
    public static final String URL_SIZING_KEY = "jdbcUrl";
    /** The property that asks the database's module for a hot standby. */
    public static final String STANDBY_PROPERTY = "lab.database.standby";
    /** Where the database's module reports its hot standby's address. */
    public static final String STANDBY_URL_SIZING_KEY = "standbyJdbcUrl";
    /** The property the services read the hot standby's address from. */
    public static final String REPLICA_URL_PROPERTY = "lab.database.replica-url";
    /**
     * The environment variable that carries the run's password for the services' role, made anew for
     * each run and given to the database and the services alone (Spring reads it as
     * {@code lab.database.password}); a command line would show it to every user of the machine.
     */
    public static final String PASSWORD_VARIABLE = "LAB_DATABASE_PASSWORD";
    /** The services' role: it owns the database they use, and is no superuser. */
    public static final String SERVICE_ROLE = "lab";

    /** A database without a standby. */
    public Database(String module) {
        this(module, false);
    }

    /** A database with a hot standby beside it, for the services' reads. */
    public static Database withHotStandby(String module) {
        return new Database(module, true);
    }

    @Override
    public String role() {
        return "database";
    }

    @Override
    public String addressProperty() {
        return URL_PROPERTY;
    }
}
