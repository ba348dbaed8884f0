package org.concurrencylab.report.document;

import java.util.List;

/**
 * A run's report, built once and rendered as text, Markdown and HTML, so that the three say the same:
 * what it says and in which order is decided here, before any format is chosen.
 *
 * @param title       the run's name
 * @param lead        what to know before anything else: the run's settings, whether it is partial
 * @param summaryTitle what the summary is: the articles' claims checked, or, for a run of studies of the
 *                    user's own applications, the answer (which pool held the load back, and its size)
 * @param summary     the verdicts, per experiment, each claim with its evidence, then the bottlenecks
 * @param environment the machine and the settings the run had
 * @param experiments per experiment: its tables, charts, diagnosis and findings
 */
public record ReportDocument(
        String title,
        List<Block> lead,
        String summaryTitle,
        List<Block> summary,
        List<Block> environment,
        List<Block> experiments) {}
