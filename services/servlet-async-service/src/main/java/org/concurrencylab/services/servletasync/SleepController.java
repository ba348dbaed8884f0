package org.concurrencylab.services.servletasync;

import java.util.concurrent.Callable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * {@code GET /ruleTheWorld}: one call to the sleep service, answered with what it said. The blocking
 * and Callable handlers make a {@code new RestTemplate()} per request, as the article wrote them; the
 * DeferredResult handler uses one shared non-blocking WebClient and holds no thread while it waits.
 */
@RestController
class SleepController {

    private final ServletAsyncProperties properties;
    private final String sleepUri;
    private final WebClient webClient;

    SleepController(ServletAsyncProperties properties) {
        this.properties = properties;
        this.sleepUri = properties.sleepUri();
        this.webClient = WebClient.create();
    }

    @GetMapping("/ruleTheWorld")
    Object ruleTheWorld() {
        return switch (properties.handler()) {
            case BLOCKING -> callSleepService();
            case CALLABLE -> (Callable<String>) this::callSleepService;
            case DEFERRED_RESULT -> {
                DeferredResult<String> result = new DeferredResult<>();
                webClient
                        .get()
                        .uri(sleepUri)
                        .retrieve()
                        .bodyToMono(String.class)
                        .subscribe(result::setResult, result::setErrorResult);
                yield result;
            }
        };
    }

    private String callSleepService() {
        return "Ruling after " + new RestTemplate().getForObject(sleepUri, String.class);
    }
}
