package org.concurrencylab.jmeter;

import java.io.StringWriter;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.concurrencylab.catalog.load.LoadStep;
import org.concurrencylab.catalog.load.Scaled;
import org.concurrencylab.results.step.Connections;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * One step of the lab as a JMeter test plan (.jmx), time-scaled as the lab runs it, for one engine:
 * <ul>
 *   <li>a closed step is a thread group of its users, each looping over its requests with no pause, all
 *       started at once, as the lab's closed driver does;</li>
 *   <li>a held step is a thread group that starts its users over the ramp-up and runs for the ramp-up and
 *       the hold, each user waiting the think time before each request (JMeter's timers run before a
 *       sampler, the lab's driver thinks after an answer: the first request of each user comes a think
 *       time later); JMeter counts the ramp-up and the duration in whole seconds;</li>
 *   <li>an open step is JMeter's Open Model Thread Group: a thread per arrival, evenly spaced at this engine's
 *       share of the rate for the step's length, then a pause of one request timeout so that the requests
 *       still in flight are answered (JMeter interrupts a group's requests when its schedule ends). A slow
 *       answer does not hold the next send back; JMeter still times each request from its actual send, so
 *       {@link JmeterSampleLog} rebuilds the due times from the even schedule and counts a late send's wait.</li>
 * </ul>
 * Every request is a GET on the target with JMeter's HttpClient4 implementation, the connection kept
 * alive or not as the lab's client does, and the lab's request timeout as both its connect and response
 * timeouts. Build one with {@link #of(LoadStep)}.
 */
public final class JmeterPlan {

    /** The thread group's name: JMeter's thread names, and so the sample log, carry it. */
    public static final String THREAD_GROUP = "lab users";

    private final String xml;
    private final int users;
    private final double ratePerSecond;

    private JmeterPlan(Builder builder) {
        boolean open = builder.step instanceof LoadStep.Open;
        this.users = open ? 0 : builder.users == null ? usersOf(builder.step) : builder.users;
        this.ratePerSecond = !(builder.step instanceof LoadStep.Open step)
                ? 0
                : builder.ratePerSecond == null ? builder.scaled.rate(step.ratePerSecond()) : builder.ratePerSecond;
        this.xml = write(builder);
    }

    public static Builder of(LoadStep step) {
        return new Builder(step);
    }

    /** The plan as JMeter's .jmx XML. */
    public String xml() {
        return xml;
    }

    /** How many users this plan's engine runs; 0 for an open step, whose threads come one per arrival. */
    public int users() {
        return users;
    }

    /** The arrivals a second this plan's engine sends, as run (scaled); 0 for a closed or held step. */
    public double ratePerSecond() {
        return ratePerSecond;
    }

    public static final class Builder {
        private final LoadStep step;
        private URI target;
        private Scaled scaled = new Scaled(1);
        private Duration timeout;
        private Connections connections = Connections.NEW_PER_REQUEST;
        private Integer users;
        private Double ratePerSecond;

        private Builder(LoadStep step) {
            this.step = Objects.requireNonNull(step, "step");
        }

        /** Where every request goes: http://host:port/path. */
        public Builder target(URI target) {
            if (target.getHost() == null || target.getPort() < 1 || !"http".equals(target.getScheme())) {
                throw new IllegalArgumentException("the target must be http://host:port/path, not " + target);
            }
            this.target = target;
            return this;
        }

        public Builder scale(Scaled scaled) {
            this.scaled = Objects.requireNonNull(scaled, "scaled");
            return this;
        }

        /** The lab's per-request timeout, as the run scales it. */
        public Builder timeout(Duration timeout) {
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("the timeout must be positive, not " + timeout);
            }
            this.timeout = timeout;
            return this;
        }

        public Builder connections(Connections connections) {
            this.connections = Objects.requireNonNull(connections, "connections");
            return this;
        }

        /** This engine's share of the step's users (default: all of them). */
        public Builder users(int users) {
            if (users < 1 || users > usersOf(step)) {
                throw new IllegalArgumentException(
                        "an engine's share is 1 to " + usersOf(step) + " users, not " + users);
            }
            this.users = users;
            return this;
        }

        /** This engine's share of an open step's arrivals a second, as run (default: all of them). */
        public Builder rate(double perSecond) {
            if (!(step instanceof LoadStep.Open) || !(perSecond > 0)) {
                throw new IllegalArgumentException(
                        "an engine's share of the arrivals is a positive rate of an open step");
            }
            this.ratePerSecond = perSecond;
            return this;
        }

        public JmeterPlan build() {
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(timeout, "timeout");
            return new JmeterPlan(this);
        }
    }

    static int usersOf(LoadStep step) {
        return switch (step) {
            case LoadStep.Closed closed -> closed.users();
            case LoadStep.Held held -> held.users();
            case LoadStep.Open open -> throw new IllegalArgumentException("an open load has no users");
        };
    }

    private String write(Builder settings) {
        try {
            Document document =
                    DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
            Element root = document.createElement("jmeterTestPlan");
            root.setAttribute("version", "1.2");
            root.setAttribute("properties", "5.0");
            root.setAttribute("jmeter", "5.6.3");
            document.appendChild(root);
            Element top = child(root, "hashTree");

            Element plan =
                    element(top, "TestPlan", "TestPlanGui", "TestPlan", "Concurrency Lab " + settings.step.label());
            bool(plan, "TestPlan.functional_mode", false);
            bool(plan, "TestPlan.serialize_threadgroups", false);
            Element variables = child(plan, "elementProp");
            variables.setAttribute("name", "TestPlan.user_defined_variables");
            variables.setAttribute("elementType", "Arguments");
            variables.setAttribute("guiclass", "ArgumentsPanel");
            variables.setAttribute("testclass", "Arguments");
            child(variables, "collectionProp").setAttribute("name", "Arguments.arguments");
            Element underPlan = child(top, "hashTree");

            Element underGroup;
            if (settings.step instanceof LoadStep.Open open) {
                Element group = element(
                        underPlan,
                        "OpenModelThreadGroup",
                        "OpenModelThreadGroupGui",
                        "OpenModelThreadGroup",
                        THREAD_GROUP);
                Element controller = child(group, "elementProp");
                controller.setAttribute("name", "ThreadGroup.main_controller");
                controller.setAttribute("elementType", "OpenModelThreadGroupController");
                string(group, "ThreadGroup.on_sample_error", "continue");
                string(
                        group,
                        "OpenModelThreadGroup.schedule",
                        schedule(ratePerSecond, settings.scaled.of(open.duration()), settings.timeout));
                underGroup = child(underPlan, "hashTree");
            } else {
                underGroup = threadGroup(underPlan, settings);
            }

            URI target = settings.target;
            Element sampler = element(
                    underGroup,
                    "HTTPSamplerProxy",
                    "HttpTestSampleGui",
                    "HTTPSamplerProxy",
                    "GET " + pathAndQuery(target));
            string(sampler, "HTTPSampler.domain", target.getHost().replaceAll("^\\[|\\]$", ""));
            string(sampler, "HTTPSampler.port", Integer.toString(target.getPort()));
            string(sampler, "HTTPSampler.protocol", target.getScheme());
            string(sampler, "HTTPSampler.path", pathAndQuery(target));
            string(sampler, "HTTPSampler.method", "GET");
            string(sampler, "HTTPSampler.implementation", "HttpClient4");
            bool(sampler, "HTTPSampler.follow_redirects", false);
            bool(sampler, "HTTPSampler.use_keepalive", settings.connections == Connections.KEEP_ALIVE);
            string(sampler, "HTTPSampler.connect_timeout", Long.toString(settings.timeout.toMillis()));
            string(sampler, "HTTPSampler.response_timeout", Long.toString(settings.timeout.toMillis()));
            child(underGroup, "hashTree");
            return serialize(document);
        } catch (ParserConfigurationException | TransformerException e) {
            throw new IllegalStateException("the JDK's XML could not write a plan", e);
        }
    }

    /** A closed or held step's thread group of users, and the tree under it. */
    private Element threadGroup(Element underPlan, Builder settings) {
        Element group = element(underPlan, "ThreadGroup", "ThreadGroupGui", "ThreadGroup", THREAD_GROUP);
        integer(group, "ThreadGroup.num_threads", users);
        string(group, "ThreadGroup.on_sample_error", "continue");
        bool(group, "ThreadGroup.same_user_on_next_iteration", true);
        Element loop = child(group, "elementProp");
        loop.setAttribute("name", "ThreadGroup.main_controller");
        loop.setAttribute("elementType", "LoopController");
        loop.setAttribute("guiclass", "LoopControlPanel");
        loop.setAttribute("testclass", "LoopController");
        bool(loop, "LoopController.continue_forever", false);
        Element underGroup = child(underPlan, "hashTree");
        switch (settings.step) {
            case LoadStep.Closed closed -> {
                integer(group, "ThreadGroup.ramp_time", 0);
                string(loop, "LoopController.loops", Integer.toString(closed.repetitions()));
            }
            case LoadStep.Held held -> {
                long rampUp = Math.round(settings.scaled.of(held.rampUp()).toMillis() / 1e3);
                long length =
                        Math.max(1, Math.round(settings.scaled.of(held.length()).toMillis() / 1e3));
                integer(group, "ThreadGroup.ramp_time", rampUp);
                bool(group, "ThreadGroup.scheduler", true);
                string(group, "ThreadGroup.duration", Long.toString(length));
                string(loop, "LoopController.loops", "-1");
                long think = settings.scaled.of(held.thinkTime()).toMillis();
                if (think > 0) {
                    Element timer =
                            element(underGroup, "ConstantTimer", "ConstantTimerGui", "ConstantTimer", "think time");
                    string(timer, "ConstantTimer.delay", Long.toString(think));
                    child(underGroup, "hashTree");
                }
            }
            case LoadStep.Open open -> throw new IllegalStateException("an open step has no users' thread group");
        }
        return underGroup;
    }

    /**
     * Evenly spaced arrivals at this rate for the step's length, then a pause of one timeout: the requests still in
     * flight when the arrivals end are answered or time out before the group ends.
     */
    static String schedule(double perSecond, Duration length, Duration timeout) {
        return String.format(
                Locale.ROOT,
                "rate(%.6f/sec) even_arrivals(%.3f sec) rate(%.6f/sec) pause(%.3f sec)",
                perSecond,
                length.toMillis() / 1e3,
                perSecond,
                timeout.toMillis() / 1e3);
    }

    /** What the sampler requests: the target's path, "/" where it has none, with its query. */
    static String pathAndQuery(URI target) {
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        return target.getRawQuery() == null ? path : path + "?" + target.getRawQuery();
    }

    private static Element element(Element parent, String name, String gui, String test, String testName) {
        Element element = child(parent, name);
        element.setAttribute("guiclass", gui);
        element.setAttribute("testclass", test);
        element.setAttribute("testname", testName);
        element.setAttribute("enabled", "true");
        return element;
    }

    private static Element child(Element parent, String name) {
        Element element = parent.getOwnerDocument().createElement(name);
        parent.appendChild(element);
        return element;
    }

    private static void string(Element parent, String name, String value) {
        Element property = child(parent, "stringProp");
        property.setAttribute("name", name);
        property.setTextContent(value);
    }

    private static void integer(Element parent, String name, long value) {
        Element property = child(parent, "intProp");
        property.setAttribute("name", name);
        property.setTextContent(Long.toString(value));
    }

    private static void bool(Element parent, String name, boolean value) {
        Element property = child(parent, "boolProp");
        property.setAttribute("name", name);
        property.setTextContent(Boolean.toString(value));
    }

    private static String serialize(Document document) throws TransformerException {
        var transformer = TransformerFactory.newInstance().newTransformer();
        transformer.setOutputProperty(OutputKeys.INDENT, "yes");
        transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
        transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
        StringWriter out = new StringWriter();
        transformer.transform(new DOMSource(document), new StreamResult(out));
        return out.toString();
    }
}
