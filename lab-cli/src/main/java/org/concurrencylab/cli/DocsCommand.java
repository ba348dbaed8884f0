package org.concurrencylab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.concurrencylab.results.AtomicFiles;
import org.concurrencylab.runner.process.LabHome;
import picocli.CommandLine.Command;

/** {@code ./lab docs}: writes the reference pages the code generates ({@link ReferenceDocs}); for the lab's developers. */
@Command(
        name = "docs",
        hidden = true,
        description = "Write docs/reference/ from the code: every command's options and every claim.")
final class DocsCommand implements Callable<Integer> {

    @Override
    public Integer call() throws Exception {
        Path root = LabHome.locate().root();
        for (Map.Entry<String, String> page : ReferenceDocs.pages().entrySet()) {
            Path file = root.resolve(page.getKey());
            Files.createDirectories(file.getParent());
            AtomicFiles.writeString(file, page.getValue());
            System.out.println("wrote " + file);
        }
        return 0;
    }
}
