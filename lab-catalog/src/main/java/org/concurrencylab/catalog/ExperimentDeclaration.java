package org.concurrencylab.catalog;

import java.util.ServiceLoader;

/**
 * One experiment of the catalog, declared in a package of its own with its claims and the article's figures.
 * {@link Catalog} finds every declaration through {@link ServiceLoader}, in the order
 * {@code META-INF/services/ExperimentDeclaration} lists them: adding an experiment is
 * declaring it and naming it there, and the catalog's own package depends on none of them.
 */
public interface ExperimentDeclaration {

    /** The experiment, built anew: its variants, load, capacity model, seed figures and claims. */
    Experiment declare();
}
