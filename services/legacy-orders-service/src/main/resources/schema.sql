DROP TABLE IF EXISTS orders;
DROP TABLE IF EXISTS shop_settings;
CREATE TABLE shop_settings (id integer PRIMARY KEY, currency text NOT NULL, updated_at timestamptz NOT NULL);
CREATE TABLE orders (id bigint PRIMARY KEY, customer text NOT NULL, status text NOT NULL,
                     total numeric(10, 2) NOT NULL, views bigint NOT NULL DEFAULT 0);
