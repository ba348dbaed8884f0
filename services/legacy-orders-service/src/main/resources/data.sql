INSERT INTO shop_settings VALUES (1, 'EUR', now());
INSERT INTO orders (id, customer, status, total)
SELECT n, 'customer-' || (n % 97), CASE WHEN n % 5 = 0 THEN 'shipped' ELSE 'open' END, (n % 500) + 0.99
FROM generate_series(1, 1000) AS n;
