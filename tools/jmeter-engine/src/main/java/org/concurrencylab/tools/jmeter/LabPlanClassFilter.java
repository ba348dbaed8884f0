package org.concurrencylab.tools.jmeter;

import java.io.ObjectInputFilter;
import java.lang.reflect.Proxy;
import java.util.Set;

/**
 * The agent's deserialization allow-list: the classes a plan written by the lab's plan writer and sent by
 * the lab's JMeter client brings over RMI (its elements, their properties and superclasses, the tree, the
 * client's listener stubs), and nothing else. Any other class is rejected before it is built, so a plan
 * holding, say, an If Controller, a JSR223 or BeanShell element never becomes an object in the agent.
 * Set process-wide ({@link #install}), before the agent accepts a connection.
 */
final class LabPlanClassFilter implements ObjectInputFilter {

    /** Every class the lab's closed, held and open plans were seen to bring, with their superclasses. */
    static final Set<String> ALLOWED = Set.of(
            // the tree and the JDK types inside the elements and the listeners' stubs
            "org.apache.jorphan.collections.HashTree",
            "org.apache.jorphan.collections.ListedHashTree",
            "java.lang.Object",
            "java.lang.Number",
            "java.io.File",
            "java.util.ArrayList",
            "java.util.HashMap",
            "java.util.LinkedHashMap",
            "java.util.IdentityHashMap",
            "java.util.Map$Entry",
            "java.util.Collections$SynchronizedMap",
            "java.util.concurrent.ConcurrentHashMap",
            "java.util.concurrent.ConcurrentHashMap$Segment",
            "java.util.concurrent.atomic.AtomicInteger",
            "java.util.concurrent.atomic.AtomicReference",
            "java.util.concurrent.locks.AbstractOwnableSynchronizer",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer",
            "java.util.concurrent.locks.ReentrantLock",
            "java.util.concurrent.locks.ReentrantLock$Sync",
            "java.util.concurrent.locks.ReentrantLock$NonfairSync",
            "java.lang.reflect.Proxy",
            "java.rmi.Remote",
            "java.rmi.server.RemoteObject",
            "java.rmi.server.RemoteObjectInvocationHandler",
            // the elements the lab's plan writer writes, and their superclasses
            "org.apache.jmeter.testelement.AbstractTestElement",
            "org.apache.jmeter.testelement.TestPlan",
            "org.apache.jmeter.config.ConfigTestElement",
            "org.apache.jmeter.config.Arguments",
            "org.apache.jmeter.threads.AbstractThreadGroup",
            "org.apache.jmeter.threads.ThreadGroup",
            "org.apache.jmeter.threads.openmodel.OpenModelThreadGroup",
            "org.apache.jmeter.threads.openmodel.OpenModelThreadGroupController",
            "org.apache.jmeter.control.GenericController",
            "org.apache.jmeter.control.LoopController",
            "org.apache.jmeter.samplers.AbstractSampler",
            "org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase",
            "org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy",
            "org.apache.jmeter.timers.ConstantTimer",
            // their properties
            "org.apache.jmeter.testelement.property.AbstractProperty",
            "org.apache.jmeter.testelement.property.MultiProperty",
            "org.apache.jmeter.testelement.property.CollectionProperty",
            "org.apache.jmeter.testelement.property.TestElementProperty",
            "org.apache.jmeter.testelement.property.StringProperty",
            "org.apache.jmeter.testelement.property.NumberProperty",
            "org.apache.jmeter.testelement.property.IntegerProperty",
            "org.apache.jmeter.testelement.property.LongProperty",
            "org.apache.jmeter.testelement.property.BooleanProperty",
            "org.apache.jmeter.testelement.schema.StringPropertyDescriptor",
            "org.apache.jmeter.testelement.schema.LongPropertyDescriptor",
            // what the lab's JMeter client adds: the wrappers of its listeners, which call back over RMI
            "org.apache.jmeter.samplers.RemoteSampleListener",
            "org.apache.jmeter.samplers.RemoteListenerWrapper",
            "org.apache.jmeter.samplers.RemoteTestListenerWrapper",
            "org.apache.jmeter.samplers.BatchSampleSender",
            "org.apache.jmeter.samplers.DataStrippingSampleSender",
            "org.apache.jmeter.threads.RemoteThreadsListener",
            "org.apache.jmeter.threads.RemoteThreadsListenerWrapper");

    /** Bounds that no lab plan comes near (seen: depth 15, 345 references) and that keep a crafted stream small. */
    static final long MAX_DEPTH = 64;

    static final long MAX_REFERENCES = 100_000;
    static final long MAX_ARRAY_LENGTH = 100_000;
    static final long MAX_BYTES = 16L << 20;

    /** Installs it for the whole process; an agent does so before it listens. */
    static void install() {
        ObjectInputFilter.Config.setSerialFilter(new LabPlanClassFilter());
    }

    @Override
    public Status checkInput(FilterInfo info) {
        if (info.depth() > MAX_DEPTH
                || info.references() > MAX_REFERENCES
                || info.arrayLength() > MAX_ARRAY_LENGTH
                || info.streamBytes() > MAX_BYTES) {
            return Status.REJECTED;
        }
        Class<?> type = info.serialClass();
        if (type == null) {
            return Status.UNDECIDED;
        }
        Class<?> element = type;
        while (element.isArray()) {
            element = element.getComponentType();
        }
        // an array of allowed elements (its length bounded above), or a stub's proxy class, whose interfaces
        // come to this filter one by one
        if (element.isPrimitive() || Proxy.isProxyClass(element) || ALLOWED.contains(element.getName())) {
            return Status.ALLOWED;
        }
        System.out.println("refused: a plan sent a " + type.getName() + ", which no plan of the lab's holds");
        System.out.flush();
        return Status.REJECTED;
    }
}
