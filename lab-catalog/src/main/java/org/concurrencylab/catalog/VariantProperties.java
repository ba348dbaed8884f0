package org.concurrencylab.catalog;

import java.util.LinkedHashMap;
import java.util.Map;

/** Spring properties that make a variant: its web stack first, then its own keys and values. */
public final class VariantProperties {

    private static final String NETTY_AUTO_CONFIGURATION =
            "org.springframework.boot.reactor.netty.autoconfigure.NettyReactiveWebServerAutoConfiguration";

    private VariantProperties() {}

    public static Map<String, String> servlet(String... keyValues) {
        return of("servlet", keyValues);
    }

    public static Map<String, String> reactive(String... keyValues) {
        return of("reactive", keyValues);
    }

    /** With both servers on the class path Boot picks Netty; excluding its auto-configuration leaves Tomcat. */
    public static Map<String, String> reactiveOnTomcat(String... keyValues) {
        Map<String, String> properties = of("reactive", keyValues);
        properties.put("spring.autoconfigure.exclude", NETTY_AUTO_CONFIGURATION);
        return properties;
    }

    private static Map<String, String> of(String webApplicationType, String... keyValues) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("spring.main.web-application-type", webApplicationType);
        for (int i = 0; i < keyValues.length; i += 2) {
            properties.put(keyValues[i], keyValues[i + 1]);
        }
        return properties;
    }
}
