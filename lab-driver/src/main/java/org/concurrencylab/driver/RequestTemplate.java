package org.concurrencylab.driver;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.support.ClassicRequestBuilder;

/**
 * What every request of a load sends besides its address: the method, headers and a body, as a user's
 * service needs them (a POST of JSON, a token). {@link #ofDefaults()} is a plain GET, what the lab's own
 * services are asked; {@link #custom()} builds any other and validates it. A header's value may name an
 * environment variable, {@code ${NAME}}, so that a study file need not hold a secret:
 * {@link #resolved(UnaryOperator)} puts the values in before a load is driven.
 *
 * @param method  the HTTP method, upper case
 * @param headers the headers as declared, in their order, values possibly with {@code ${NAME}}
 * @param body    the body's text, if any, sent as UTF-8 with the {@code Content-Type} header's type
 */
public record RequestTemplate(String method, Map<String, String> headers, Optional<String> body) {

    public static final List<String> METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE");
    /** The type a body goes with when no Content-Type says otherwise: what Spring services read most. */
    public static final String DEFAULT_CONTENT_TYPE = "application/json";
    /** Headers the client sets itself from the connection and the body; one set by hand would contradict it. */
    private static final Set<String> SET_BY_THE_CLIENT = Set.of(
            "connection", "content-length", "host", "transfer-encoding", "keep-alive", "upgrade", "te", "trailer");

    private static final Set<String> WITHOUT_BODY = Set.of("GET", "DELETE");
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");
    private static final RequestTemplate GET = new RequestTemplate("GET", Map.of(), Optional.empty());

    public RequestTemplate {
        Objects.requireNonNull(method, "method");
        if (!METHODS.contains(method)) {
            throw new IllegalArgumentException(
                    "the method is one of " + String.join(", ", METHODS) + ", not " + method);
        }
        Map<String, String> ordered = new LinkedHashMap<>();
        for (Map.Entry<String, String> header : headers.entrySet()) {
            String name = header.getKey();
            if (name == null || !TOKEN.matcher(name).matches()) {
                throw new IllegalArgumentException("a header's name is a token such as X-Tenant, not '" + name + "'");
            }
            if (SET_BY_THE_CLIENT.contains(name.toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException(
                        "the header " + name + " is the client's to set (from the connections and the body)");
            }
            String value = Objects.requireNonNull(header.getValue(), name);
            if (value.chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
                throw new IllegalArgumentException("the header " + name + "'s value holds a line break");
            }
            if (ordered.keySet().stream().anyMatch(name::equalsIgnoreCase)) {
                throw new IllegalArgumentException("the header " + name + " is given twice");
            }
            ordered.put(name, value);
        }
        headers = Collections.unmodifiableMap(ordered);
        Objects.requireNonNull(body, "body");
        if (body.isPresent() && WITHOUT_BODY.contains(method)) {
            throw new IllegalArgumentException("a " + method + " sends no body: give the method as POST, PUT or PATCH");
        }
    }

    /** A plain GET. */
    public static RequestTemplate ofDefaults() {
        return GET;
    }

    public static Builder custom() {
        return new Builder();
    }

    public boolean isPlainGet() {
        return equals(GET);
    }

    /**
     * The template with every {@code ${NAME}} in a header's value replaced by {@code variables}' value of it.
     *
     * @throws IllegalArgumentException naming the first variable that has no value
     */
    public RequestTemplate resolved(UnaryOperator<String> variables) {
        Map<String, String> values = new LinkedHashMap<>();
        headers.forEach((name, value) -> {
            Matcher reference = VARIABLE.matcher(value);
            StringBuilder resolved = new StringBuilder();
            while (reference.find()) {
                String variable = variables.apply(reference.group(1));
                if (variable == null) {
                    throw new IllegalArgumentException("the header " + name + " names ${" + reference.group(1)
                            + "}, which is not set in the environment");
                }
                reference.appendReplacement(resolved, Matcher.quoteReplacement(variable));
            }
            reference.appendTail(resolved);
            values.put(name, resolved.toString());
        });
        return new RequestTemplate(method, values, body);
    }

    /** The request to {@code target}, with a body every request of the load can share (it is read, never changed). */
    ClassicHttpRequest toRequest(URI target, Optional<ByteArrayEntity> entity) {
        ClassicRequestBuilder request = ClassicRequestBuilder.create(method).setUri(target);
        headers.forEach(request::addHeader);
        entity.ifPresent(request::setEntity);
        return request.build();
    }

    /** The asynchronous client's request to {@code target}, its body made once for a whole load ({@link #encodedBody()}). */
    SimpleRequestBuilder toSimpleRequest(URI target, Optional<EncodedBody> encoded) {
        SimpleRequestBuilder request = SimpleRequestBuilder.create(method).setUri(target);
        headers.forEach(request::addHeader);
        encoded.ifPresent(body -> request.setBody(body.bytes(), body.type()));
        return request;
    }

    /** The body as the asynchronous client sends it: its bytes are read, never changed. */
    Optional<EncodedBody> encodedBody() {
        return body.map(text -> new EncodedBody(text.getBytes(StandardCharsets.UTF_8), contentType()));
    }

    /** A body's bytes and type, made once for a whole load. */
    record EncodedBody(byte[] bytes, ContentType type) {}

    /** The body as the classic client sends it, made once for a whole load: the same bytes and type as {@link #encodedBody()}. */
    Optional<ByteArrayEntity> entity() {
        return encodedBody().map(encoded -> new ByteArrayEntity(encoded.bytes(), encoded.type()));
    }

    private ContentType contentType() {
        String declared = headers.entrySet().stream()
                .filter(header -> header.getKey().equalsIgnoreCase(HttpHeaders.CONTENT_TYPE))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse(DEFAULT_CONTENT_TYPE);
        ContentType type = ContentType.parseLenient(declared);
        return type.getCharset() == null ? type.withCharset(StandardCharsets.UTF_8) : type;
    }

    /** In one line, as a report says what was asked: {@code POST /orders (2 headers, a body of 24 bytes)}. */
    public String describe(String path) {
        String what = method + " " + path;
        if (headers.isEmpty() && body.isEmpty()) {
            return what;
        }
        String headersPart = headers.isEmpty() ? "" : headers.size() + (headers.size() == 1 ? " header" : " headers");
        String bodyPart = body.map(text -> "a body of " + text.getBytes(StandardCharsets.UTF_8).length + " bytes")
                .orElse("");
        return what + " (" + headersPart + (headersPart.isEmpty() || bodyPart.isEmpty() ? "" : ", ") + bodyPart + ")";
    }

    public static final class Builder {
        private String method = "GET";
        private final Map<String, String> headers = new LinkedHashMap<>();
        private Optional<String> body = Optional.empty();

        private Builder() {}

        public Builder method(String method) {
            this.method = method == null ? null : method.toUpperCase(Locale.ROOT);
            return this;
        }

        public Builder header(String name, String value) {
            if (headers.keySet().stream().anyMatch(name::equalsIgnoreCase)) {
                throw new IllegalArgumentException("the header " + name + " is given twice");
            }
            headers.put(name, value);
            return this;
        }

        /** A header as a command line gives it: {@code Name: value}. */
        public Builder header(String line) {
            int colon = line.indexOf(':');
            if (colon < 1) {
                throw new IllegalArgumentException("a header is 'Name: value', not '" + line + "'");
            }
            return header(
                    line.substring(0, colon).strip(), line.substring(colon + 1).strip());
        }

        /** Sent as UTF-8, as the Content-Type header says ({@value RequestTemplate#DEFAULT_CONTENT_TYPE} where none does). */
        public Builder body(String body) {
            this.body = Optional.of(body);
            return this;
        }

        public RequestTemplate build() {
            return new RequestTemplate(method, headers, body);
        }
    }
}
