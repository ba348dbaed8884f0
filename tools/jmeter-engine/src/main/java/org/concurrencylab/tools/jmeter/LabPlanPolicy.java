package org.concurrencylab.tools.jmeter;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.MultiProperty;
import org.apache.jmeter.testelement.property.TestElementProperty;
import org.apache.jorphan.collections.HashTree;

/**
 * What an agent runs: a plan the lab's plan writer could have written, checked before the engine is
 * configured. Every element, in the tree or inside another's property, is one of the classes the writer
 * writes (or a wrapper the lab's JMeter client adds for its listeners); no string anywhere holds
 * {@code ${}, JMeter's call of a function or a variable (functions such as {@code __javaScript} or
 * {@code __groovy} run code); and a sampler speaks HTTP, never {@code file:}.
 * <p>
 * A second layer behind {@link LabPlanClassFilter}, which already keeps other classes from being built:
 * each holds on its own.
 */
final class LabPlanPolicy {

    static final Set<String> ELEMENTS = Set.of(
            "org.apache.jmeter.testelement.TestPlan",
            "org.apache.jmeter.config.Arguments",
            "org.apache.jmeter.threads.ThreadGroup",
            "org.apache.jmeter.threads.openmodel.OpenModelThreadGroup",
            "org.apache.jmeter.threads.openmodel.OpenModelThreadGroupController",
            "org.apache.jmeter.control.LoopController",
            "org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy",
            "org.apache.jmeter.timers.ConstantTimer",
            "org.apache.jmeter.samplers.RemoteListenerWrapper",
            "org.apache.jmeter.samplers.RemoteTestListenerWrapper",
            "org.apache.jmeter.threads.RemoteThreadsListenerWrapper");

    private static final Set<String> PROTOCOLS = Set.of("http", "https");

    private LabPlanPolicy() {}

    /** The first reason this tree is no plan of the lab's, or empty when it is one. */
    static Optional<String> refusal(HashTree tree) {
        List<String> reasons = new ArrayList<>();
        walk(tree, reasons);
        return reasons.stream().findFirst();
    }

    private static void walk(HashTree tree, List<String> reasons) {
        for (Object key : tree.list()) {
            if (!(key instanceof TestElement element)) {
                reasons.add("the tree holds a "
                        + (key == null ? "null" : key.getClass().getName()) + ", not a test element");
                return;
            }
            check(element, reasons);
            walk(tree.getTree(key), reasons);
        }
    }

    private static void check(TestElement element, List<String> reasons) {
        String type = element.getClass().getName();
        if (!ELEMENTS.contains(type)) {
            reasons.add("a " + type + " (\"" + element.getName() + "\"), which the lab's plans never hold");
            return;
        }
        if (element instanceof HTTPSamplerBase sampler && !PROTOCOLS.contains(sampler.getProtocol())) {
            reasons.add("a sampler for " + sampler.getProtocol() + ":, where the lab's plans send HTTP only");
        }
        for (var properties = element.propertyIterator(); properties.hasNext(); ) {
            check(element, properties.next(), reasons);
        }
    }

    private static void check(TestElement owner, JMeterProperty property, List<String> reasons) {
        if (property instanceof TestElementProperty nested && nested.getObjectValue() instanceof TestElement inner) {
            check(inner, reasons);
        } else if (property instanceof MultiProperty many) {
            for (var values = many.iterator(); values.hasNext(); ) {
                check(owner, values.next(), reasons);
            }
        } else if (property.getStringValue() != null
                && property.getStringValue().contains("${")) {
            reasons.add("a function or variable (" + abbreviated(property.getStringValue()) + ") in "
                    + property.getName() + " of \"" + owner.getName() + "\": the lab's plans hold plain values only");
        }
    }

    private static String abbreviated(String value) {
        String line = value.replaceAll("\\s+", " ");
        return line.length() <= 60 ? line : line.substring(0, 57) + "...";
    }
}
