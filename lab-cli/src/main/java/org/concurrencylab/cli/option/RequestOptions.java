package org.concurrencylab.cli.option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.concurrencylab.driver.RequestTemplate;
import org.concurrencylab.study.StudyFile;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** What each request of a study sends besides its path, declared once for the commands that load an application. */
public final class RequestOptions {

    /** The options, for the commands that refuse them (an experiment asks its own services, a study file says its own). */
    public static final List<String> NAMES = List.of("--method", "--header", "--body", "--body-file");

    /** These options and the request's, for a refusal of all of them. */
    public static List<String> and(String... others) {
        return Stream.concat(Arrays.stream(others), NAMES.stream()).toList();
    }

    @Option(
            names = "--method",
            paramLabel = "METHOD",
            description =
                    "With an application jar: the requests' HTTP method: GET (default), POST, PUT, PATCH or DELETE.")
    private String method;

    @Option(
            names = "--header",
            paramLabel = "'NAME: VALUE'",
            description =
                    "With an application jar: a header every request sends; repeat it for more. ${NAME} in a value is "
                            + "that environment variable's, so a token stays out of your shell's history and of the study.yaml the "
                            + "lab writes (a literal value of Authorization, Cookie or a header named like a key, token or secret "
                            + "is written there redacted).")
    private List<String> headers = List.of();

    @Option(
            names = "--body",
            paramLabel = "TEXT",
            description =
                    "With an application jar: the body every request sends, as UTF-8, with the Content-Type header's "
                            + "type (application/json unless a --header says otherwise).")
    private String body;

    @Option(
            names = "--body-file",
            paramLabel = "FILE",
            description = "With an application jar: the body, read from a file.")
    private Path bodyFile;

    /** The request the options declare, a plain GET where none is given; checked whole, its variables set, before anything starts. */
    public RequestTemplate template(CommandLine command) {
        if (body != null && bodyFile != null) {
            throw new ParameterException(command, "--body and --body-file: one or the other");
        }
        try {
            RequestTemplate.Builder request = RequestTemplate.custom();
            if (method != null) {
                request.method(method);
            }
            headers.forEach(request::header);
            if (body != null) {
                request.body(body);
            }
            if (bodyFile != null) {
                if (!Files.isRegularFile(bodyFile)) {
                    throw new ParameterException(command, "--body-file: no file at " + bodyFile.toAbsolutePath());
                }
                request.body(StudyFile.readBody(bodyFile, bodyFile));
            }
            RequestTemplate declared = request.build();
            declared.resolved(System::getenv);
            return declared;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(command, e.getMessage());
        }
    }
}
