package org.concurrencylab.services.legacy.orders;

import java.math.BigDecimal;

/** One order as the storefront shows it. */
public record Order(long id, String customer, String status, BigDecimal total, String currency, long views) {}
