package org.concurrencylab.services.fanout.mvc;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.concurrencylab.services.fanout.User;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /users/{id}} on a Tomcat worker. Sequential without an executor; otherwise both calls
 * are submitted with {@code supplyAsync} and the worker parks on the two futures, as in the article.
 */
@RestController
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
class UsersController {

    private final MetadataClient metadata;
    /** Null means {@code supplyAsync} without an executor: the JDK's default async pool. */
    private final @Nullable Executor executor;

    private final boolean parallel;

    UsersController(MetadataClient metadata, FanOutExecutor fanOut) {
        this.metadata = metadata;
        this.executor = fanOut.executor();
        this.parallel = fanOut.parallel();
    }

    @GetMapping("/users/{userId}")
    User user(@PathVariable String userId) throws ExecutionException, InterruptedException {
        if (!parallel) {
            return new User(userId, metadata.name(userId), metadata.phoneNumber(userId));
        }
        CompletableFuture<String> name = supplyAsync(() -> metadata.name(userId));
        CompletableFuture<String> phoneNumber = supplyAsync(() -> metadata.phoneNumber(userId));
        return new User(userId, name.get(), phoneNumber.get());
    }

    private <T> CompletableFuture<T> supplyAsync(Supplier<T> call) {
        return executor == null ? CompletableFuture.supplyAsync(call) : CompletableFuture.supplyAsync(call, executor);
    }
}
