package org.concurrencylab.services.servletasync;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;
import org.concurrencylab.probe.SizingContributor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestTemplate;

/**
 * A second web application on the service's Tomcat, as a second WAR deployed beside the first: a
 * context of its own at {@value #PATH} with one servlet, served by the same connector and so by the
 * same worker threads ({@code server.tomcat.threads.max}). Its servlet makes the same call as the first
 * application, either on the Tomcat thread or, in async mode, on a pool of its own. Boot's customizers
 * (the thread count, the address) apply to this factory as to the one it replaces.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${lab.servlet-async.neighbour.mode:none}'.toLowerCase() != 'none'")
class NeighbourApplication {

    /** Where the second application is deployed. */
    static final String PATH = "/neighbour";

    @Bean
    TomcatServletWebServerFactory tomcatWithNeighbour(ServletAsyncProperties properties) {
        NeighbourServlet servlet = new NeighbourServlet(properties);
        return new TomcatServletWebServerFactory() {
            @Override
            protected TomcatWebServer getTomcatWebServer(Tomcat tomcat) {
                Context context = tomcat.addContext(PATH, documentRoot());
                Tomcat.addServlet(context, "neighbour", servlet).setAsyncSupported(true);
                context.addServletMappingDecoded("/*", "neighbour");
                return super.getTomcatWebServer(tomcat);
            }
        };
    }

    @Bean
    SizingContributor neighbourSizing(ServletAsyncProperties properties) {
        return sizing -> {
            sizing.put("neighbour", properties.neighbour().mode().name());
            if (properties.neighbour().mode() == ServletAsyncProperties.Neighbour.Mode.OWN_POOL) {
                sizing.put("neighbourThreads", properties.neighbour().threads());
            }
        };
    }

    private static String documentRoot() {
        try {
            Path root = Files.createTempDirectory("neighbour-");
            root.toFile().deleteOnExit();
            return root.toString();
        } catch (IOException e) {
            throw new IllegalStateException("no temporary directory for the neighbour's context", e);
        }
    }

    /**
     * Any path of the second application: one call to the sleep service, answered with what it said.
     * In {@link ServletAsyncProperties.Neighbour.Mode#OWN_POOL} the request goes async and the pool's
     * thread answers; the container thread is back in Tomcat's pool at once.
     */
    static final class NeighbourServlet extends HttpServlet {

        private final transient RestTemplate client = new RestTemplate();
        private final transient ExecutorService pool;
        private final String sleepUri;

        NeighbourServlet(ServletAsyncProperties properties) {
            this.sleepUri = properties.sleepUri();
            this.pool = properties.neighbour().mode() == ServletAsyncProperties.Neighbour.Mode.OWN_POOL
                    ? Executors.newFixedThreadPool(
                            properties.neighbour().threads(),
                            Thread.ofPlatform().name("neighbour-", 1).factory())
                    : null;
        }

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            if (pool == null) {
                answer(response);
                return;
            }
            AsyncContext async = request.startAsync();
            // the client's timeout decides, as for the first application's Callables
            async.setTimeout(0);
            pool.execute(() -> {
                try {
                    answer((HttpServletResponse) async.getResponse());
                } catch (IOException | RuntimeException e) {
                    ((HttpServletResponse) async.getResponse()).setStatus(HttpServletResponse.SC_BAD_GATEWAY);
                } finally {
                    async.complete();
                }
            });
        }

        private void answer(HttpServletResponse response) throws IOException {
            String said = client.getForObject(sleepUri, String.class);
            response.setContentType("text/plain");
            response.getOutputStream().write(("Neighbour after " + said).getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public void destroy() {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }
}
