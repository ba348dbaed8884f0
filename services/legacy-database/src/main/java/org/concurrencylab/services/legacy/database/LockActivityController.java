package org.concurrencylab.services.legacy.database;

import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The samples taken since a time, for the lab to read after a step. */
@RestController
class LockActivityController {

    private final LockActivitySampler sampler;

    LockActivityController(LockActivitySampler sampler) {
        this.sampler = sampler;
    }

    @GetMapping("/activity")
    List<LockActivity> activity(@RequestParam(defaultValue = "0") long since) {
        return sampler.since(since);
    }
}
