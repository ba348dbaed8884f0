package org.concurrencylab.services.fanout;

/** What {@code GET /users/{id}} answers. */
public record User(String id, String name, String phoneNumber) {}
