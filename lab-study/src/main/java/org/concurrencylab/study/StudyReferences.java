package org.concurrencylab.study;

import java.util.List;
import java.util.Map;

/**
 * What a study's parts name of each other resolves: a check's variants and step are ones the study runs, and a
 * variant's downstream latency names a downstream the study declares. Fails with what the study declares instead.
 */
final class StudyReferences {

    private StudyReferences() {}

    static void resolve(
            Map<String, Map<String, String>> variants,
            List<StudyCheck> checks,
            List<Integer> users,
            List<Integer> rates,
            Map<String, StudyDownstream> downstreams) {
        for (StudyCheck check : checks) {
            if (check.variant() != null && !variants.containsKey(check.variant())) {
                throw new IllegalArgumentException(
                        "a check names variant '" + check.variant() + "', which the study does not declare; "
                                + "it declares " + String.join(", ", variants.keySet()));
            }
            if (check.sameOrBetterThan() != null && !variants.containsKey(check.sameOrBetterThan())) {
                throw new IllegalArgumentException("a check compares with variant '" + check.sameOrBetterThan()
                        + "', which the study does not declare; it declares " + String.join(", ", variants.keySet()));
            }
            if (check.step().open() != users.isEmpty()
                    || !(check.step().open() ? rates : users)
                            .contains(check.step().value())) {
                throw new IllegalArgumentException("a check names the step of " + check.step()
                        + ", which the study does not run; " + "its steps are "
                        + (users.isEmpty()
                                ? rates.stream().map(rate -> rate + "/s").toList() + ""
                                : users + " users"));
            }
        }
        for (Map.Entry<String, Map<String, String>> variant : variants.entrySet()) {
            for (String key : variant.getValue().keySet()) {
                String named = StudyDownstream.latencyKnobOf(key).orElse(null);
                if (named != null) {
                    if (!downstreams.containsKey(named)) {
                        throw new IllegalArgumentException("variant '" + variant.getKey() + "' sets " + key
                                + ", but the study declares no downstream '" + named + "'"
                                + (downstreams.isEmpty()
                                        ? ""
                                        : "; it declares " + String.join(", ", downstreams.keySet())));
                    }
                }
            }
        }
    }
}
