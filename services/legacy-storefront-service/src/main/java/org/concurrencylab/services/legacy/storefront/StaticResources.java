package org.concurrencylab.services.legacy.storefront;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.resource.VersionResourceResolver;

/**
 * The article's fix for the static resources: each kind served from its own location, whose existence
 * is checked once at start ({@code setOptimizeLocations}), through a resource chain that caches what
 * it resolved, content hash included. The legacy is Boot's own {@code /**} handler with the chain's
 * cache off: every link on the page, controller paths too, is looked up in four locations and hashed
 * from the jar again on every render.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("legacy.storefront.optimized-resources")
class StaticResources implements WebMvcConfigurer {

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        // one handler per kind: a pattern's ** is the path within its own location
        for (String kind : new String[] {"css", "js", "img"}) {
            registry.addResourceHandler("/" + kind + "/**")
                    .addResourceLocations("classpath:/static/" + kind + "/")
                    .setOptimizeLocations(true)
                    .resourceChain(true)
                    .addResolver(new VersionResourceResolver().addContentVersionStrategy("/**"));
        }
    }
}
