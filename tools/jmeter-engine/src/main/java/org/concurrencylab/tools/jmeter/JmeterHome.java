package org.concurrencylab.tools.jmeter;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.jmeter.util.JMeterUtils;

/**
 * The JMeter home this engine runs from: the folder of its jar, where the build puts JMeter's jars in
 * {@code lib/} and unpacks the {@code bin/} of {@code ApacheJMeter_config}: the layout of a JMeter
 * installation, so that JMeter's own launcher runs from it too ({@code java -jar lib/ApacheJMeter-5.6.3.jar}).
 * The lab's settings are set on top of JMeter's own properties, here rather than in an edited copy of
 * jmeter.properties, so that a reader of JMeter's documentation finds the defaults it describes.
 */
final class JmeterHome {

    private JmeterHome() {}

    /** Must run before anything logs: JMeter's log4j2.xml names its file from a system property. */
    static void logTo(Path log) {
        System.setProperty("jmeter.logfile", log.toAbsolutePath().toString());
        System.setProperty(
                "log4j.configurationFile", home().resolve("bin/log4j2.xml").toString());
    }

    static void load() {
        Path home = home();
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(home.resolve("bin/jmeter.properties").toString());
        JMeterUtils.setLocale(Locale.ROOT);
        JMeterUtils.initLocale();
        // JMeter's own SSL off: it would carry each side's keystore path inside its stubs. The process-wide
        // socket factory (MutualTlsSockets) does mutual TLS instead, with the key each process was given.
        JMeterUtils.setProperty("server.rmi.ssl.disable", "true");
        // the lab's records need when each request started, and which agent sent it
        JMeterUtils.setProperty("sampleresult.timestamp.start", "true");
        JMeterUtils.setProperty("jmeter.save.saveservice.hostname", "true");
        JMeterUtils.setProperty("jmeter.save.saveservice.output_format", "csv");
        // a summary every few seconds on standard output is the engine's live progress
        JMeterUtils.setProperty("summariser.interval", "5");
    }

    static Path home() {
        String given = System.getProperty("lab.jmeter.home");
        if (given != null) {
            return Path.of(given);
        }
        try {
            Path jar = Path.of(JmeterHome.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            Path home = jar.getParent();
            if (Files.isRegularFile(home.resolve("bin/jmeter.properties"))) {
                return home;
            }
            throw new IllegalStateException("no JMeter home at " + home + "; build the lab (./lab build)");
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
