package org.concurrencylab.services.legacy.storefront;

import java.math.BigDecimal;

/** An order as the orders service answers it. */
public record Order(long id, String customer, String status, BigDecimal total, String currency, long views) {}
