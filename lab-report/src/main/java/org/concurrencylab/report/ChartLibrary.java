package org.concurrencylab.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Chart.js, as its WebJar on Maven Central packages it: the build fetches it like any dependency and
 * the report inlines it, so that report.html opens from disk with no network.
 */
final class ChartLibrary {

    private static final String WEBJAR = "META-INF/resources/webjars/chart.js/";
    private static final String POM_PROPERTIES = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";

    private ChartLibrary() {}

    static String version() {
        Properties properties = new Properties();
        try (InputStream in = resource(POM_PROPERTIES)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version");
    }

    static String script(String version) {
        try (InputStream in = resource(WEBJAR + version + "/dist/chart.umd.js")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream resource(String name) {
        InputStream in = ChartLibrary.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IllegalStateException("Chart.js is missing from the class path (" + name + "): rebuild the lab");
        }
        return in;
    }
}
