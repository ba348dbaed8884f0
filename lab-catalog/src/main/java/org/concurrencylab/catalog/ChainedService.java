package org.concurrencylab.catalog;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A service of the system under test that the entry service calls (legacy-chain's orders service):
 * started for every variant, before the entry service, in a JVM of its own. A variant sets its
 * properties under its name, {@code orders/legacy.orders.pool-size}; the entry service learns where it
 * listens as {@code lab.services.<name>.url}.
 */
public record ChainedService(String name, String module) {

    private static final String SEPARATOR = "/";

    public ChainedService {
        if (name == null || !name.matches("[a-z][a-z0-9-]*") || module == null) {
            throw new IllegalArgumentException("a chained service needs a lower-case name and a module");
        }
    }

    /** The key a variant sets {@code property} of this service under. */
    public String property(String property) {
        return name + SEPARATOR + property;
    }

    /** This service's properties among a variant's. */
    public Map<String, String> propertiesOf(Variant variant) {
        Map<String, String> own = new LinkedHashMap<>();
        variant.properties().forEach((key, value) -> {
            if (key.startsWith(name + SEPARATOR)) {
                own.put(key.substring(name.length() + SEPARATOR.length()), value);
            }
        });
        return own;
    }

    /** The entry service's properties among a variant's: those set under no service's name. */
    public static Map<String, String> entryPropertiesOf(Variant variant) {
        Map<String, String> own = new LinkedHashMap<>();
        variant.properties().forEach((key, value) -> {
            if (!key.contains(SEPARATOR)) {
                own.put(key, value);
            }
        });
        return own;
    }

    /** The property that tells the entry service where this one listens. */
    public String urlProperty() {
        return "lab.services." + name + ".url";
    }
}
