-- hotel-app: hotels, rooms, hotel products, the price and stock calendar, orders and their logs.
-- Ids come from the application (platform::id), money is BIGINT fen, times BIGINT ms since the
-- epoch, calendar dates TEXT 'YYYY-MM-DD' (they sort and compare as dates).

-- Copies of saas-main's merchants (merchant.updated): whether a merchant user acts as a supplier
-- (1) or a distributor (2), and the names the lists show.
CREATE TABLE merchants (
    mch_id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_type INTEGER NOT NULL,
    mch_name TEXT NOT NULL,
    currency TEXT NOT NULL,
    state INTEGER NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Zones and areas as a tree (parent_id 0 for a root). state 1 normal, 0 disabled.
CREATE TABLE zones (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    parent_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    area_id TEXT NOT NULL,
    geo_lng TEXT NOT NULL,
    geo_hash TEXT NOT NULL,
    state INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX zones_by_tenant ON zones (saas_id, parent_id);

-- The tenant's system hotel list. state 1 normal, 0 disabled.
CREATE TABLE hotels (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT NOT NULL,
    star INTEGER NOT NULL,
    area_id TEXT NOT NULL,
    zone_id BIGINT NOT NULL,
    address TEXT NOT NULL,
    post_code TEXT NOT NULL,
    phone TEXT NOT NULL,
    fax TEXT NOT NULL,
    -- JSON array of image addresses
    images TEXT NOT NULL,
    room_num INTEGER NOT NULL,
    open_date TEXT NOT NULL,
    checkin_time TEXT NOT NULL,
    checkout_time TEXT NOT NULL,
    longitude DOUBLE PRECISION NOT NULL,
    latitude DOUBLE PRECISION NOT NULL,
    geo_hash TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    service_desc TEXT NOT NULL,
    state INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX hotels_by_tenant ON hotels (saas_id, state, zone_id);

-- A supplier's request to add a hotel to the list (kind 1) or change one (kind 2), with the
-- operator's decision: state 0 pending, 1 approved, 2 rejected.
CREATE TABLE hotel_requests (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL,
    kind INTEGER NOT NULL,
    hotel_id BIGINT NOT NULL,
    -- the hotel's fields as asked, JSON
    payload TEXT NOT NULL,
    state INTEGER NOT NULL,
    remark TEXT NOT NULL,
    requested_by BIGINT NOT NULL,
    decided_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    decided_at BIGINT NOT NULL
);
CREATE INDEX hotel_requests_by_tenant ON hotel_requests (saas_id, state, created_at);

-- Rooms of a hotel. add_bed 0/1, broadband '0'/'1', window 0 none, 1 yes, 2 some; state 1
-- normal, 0 disabled.
CREATE TABLE rooms (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    hotel_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    bed_type INTEGER NOT NULL,
    room_type INTEGER NOT NULL,
    area TEXT NOT NULL,
    floor TEXT NOT NULL,
    max_guests INTEGER NOT NULL,
    add_bed INTEGER NOT NULL,
    broadband TEXT NOT NULL,
    window_type INTEGER NOT NULL,
    state INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX rooms_by_hotel ON rooms (hotel_id);

-- Hotel products (state: docs/hotel-products.md). Their booking terms are in product_terms.
CREATE TABLE hotel_products (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    supplier_id BIGINT NOT NULL,
    hotel_id BIGINT NOT NULL,
    room_id BIGINT NOT NULL,
    zone_id BIGINT NOT NULL,
    product_name TEXT NOT NULL,
    product_short_name TEXT NOT NULL,
    product_desc TEXT NOT NULL,
    confirm_type INTEGER NOT NULL,
    share_type INTEGER NOT NULL,
    -- comma-joined pay types (1 credit, 2 cash)
    payment_types TEXT NOT NULL,
    is_online_pay INTEGER NOT NULL,
    guest_type INTEGER NOT NULL,
    supplier_hotel_id TEXT NOT NULL,
    supplier_product_id TEXT NOT NULL,
    supplier_room_id TEXT NOT NULL,
    state INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX hotel_products_by_tenant ON hotel_products (saas_id, state, hotel_id);
CREATE INDEX hotel_products_by_supplier ON hotel_products (saas_id, supplier_id);

CREATE TABLE product_terms (
    product_id BIGINT PRIMARY KEY,
    cancel_policy TEXT NOT NULL,
    cancel_type INTEGER NOT NULL,
    earliest_booking_days INTEGER NOT NULL,
    earliest_booking_hours INTEGER NOT NULL,
    latest_booking_days INTEGER NOT NULL,
    latest_booking_hours INTEGER NOT NULL,
    breakfast_num INTEGER NOT NULL,
    lunch_num INTEGER NOT NULL,
    dinner_num INTEGER NOT NULL,
    serial_checkin_min INTEGER NOT NULL,
    serial_checkin_max INTEGER NOT NULL,
    room_count_min INTEGER NOT NULL,
    room_count_max INTEGER NOT NULL,
    moveup_cancel_days INTEGER NOT NULL,
    moveup_cancel_hours INTEGER NOT NULL
);

-- Price and stock per product and night. stock_limited false = no limit (orders then need the
-- supplier's confirmation); stock is what is left to sell, sold what orders hold.
CREATE TABLE price_calendar (
    product_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    saas_id BIGINT NOT NULL,
    purchase_price BIGINT NOT NULL,
    distribution_price BIGINT NOT NULL,
    retail_price BIGINT NOT NULL,
    stock_limited BOOLEAN NOT NULL,
    stock BIGINT NOT NULL,
    sold BIGINT NOT NULL,
    closed BOOLEAN NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (product_id, day)
);

-- A distributor's own price and authorised stock for a night: NULL price = the common
-- distribution price, NULL stock = the common stock.
CREATE TABLE price_distributor (
    product_id BIGINT NOT NULL,
    distributor_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    saas_id BIGINT NOT NULL,
    distribution_price BIGINT,
    stock BIGINT,
    sold BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (product_id, distributor_id, day)
);

-- Hotel orders (states: docs/hotel-orders.md); the rest of each order is in order_details.
CREATE TABLE hotel_orders (
    order_id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    supplier_id BIGINT NOT NULL,
    distributor_id BIGINT NOT NULL,
    hotel_id BIGINT NOT NULL,
    room_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    hotel_name TEXT NOT NULL,
    product_name TEXT NOT NULL,
    contact_name TEXT NOT NULL,
    contact_phone TEXT NOT NULL,
    checkin_date TEXT NOT NULL,
    checkout_date TEXT NOT NULL,
    nights INTEGER NOT NULL,
    product_num INTEGER NOT NULL,
    person_num INTEGER NOT NULL,
    order_price BIGINT NOT NULL,
    supplier_price BIGINT NOT NULL,
    channel_price BIGINT NOT NULL,
    order_state INTEGER NOT NULL,
    real_order_state INTEGER NOT NULL,
    supplier_order_state INTEGER NOT NULL,
    channel_order_state INTEGER NOT NULL,
    pay_state INTEGER NOT NULL,
    cancel_apply INTEGER NOT NULL,
    need_confirm BOOLEAN NOT NULL,
    -- when an unpaid online-payment order cancels itself; 0 for none
    pay_deadline BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX hotel_orders_by_created ON hotel_orders (saas_id, created_at);
CREATE INDEX hotel_orders_by_checkin ON hotel_orders (saas_id, checkin_date);
CREATE INDEX hotel_orders_by_checkout ON hotel_orders (saas_id, checkout_date);
CREATE INDEX hotel_orders_by_supplier ON hotel_orders (saas_id, supplier_id, created_at);
CREATE INDEX hotel_orders_by_distributor ON hotel_orders (saas_id, distributor_id, created_at);
CREATE INDEX hotel_orders_by_state ON hotel_orders (saas_id, order_state, created_at);
CREATE INDEX hotel_orders_unpaid ON hotel_orders (pay_deadline);

CREATE TABLE order_details (
    order_id BIGINT PRIMARY KEY,
    supplier_order_id TEXT NOT NULL,
    channel_order_id TEXT NOT NULL,
    contact_id_type INTEGER NOT NULL,
    contact_id_no TEXT NOT NULL,
    pay_type INTEGER NOT NULL,
    pay_price BIGINT NOT NULL,
    pay_date BIGINT NOT NULL,
    confirm_date BIGINT NOT NULL,
    finish_date BIGINT NOT NULL,
    allowed_cancel BOOLEAN NOT NULL,
    -- until when (ms) a cancellation may be asked for; 0 = any time before check-in
    cancel_deadline BIGINT NOT NULL,
    cancel_price BIGINT NOT NULL,
    order_memo TEXT NOT NULL,
    guest_memo TEXT NOT NULL,
    memo_inner TEXT NOT NULL,
    -- the order state a cancellation application interrupted, restored when it is refused
    pre_cancel_state INTEGER NOT NULL,
    currency TEXT NOT NULL
);

CREATE TABLE order_guests (
    id BIGINT PRIMARY KEY,
    order_id BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    id_type INTEGER NOT NULL,
    id_no TEXT NOT NULL,
    country TEXT NOT NULL
);
CREATE INDEX order_guests_by_order ON order_guests (order_id);

-- Each night of an order: its prices and the stock it took (stock_source 0 none: no limit,
-- 1 common stock, 2 the distributor's authorised stock), so a cancellation returns it there.
CREATE TABLE order_nights (
    order_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    price BIGINT NOT NULL,
    purchase_price BIGINT NOT NULL,
    stock_source INTEGER NOT NULL,
    PRIMARY KEY (order_id, day)
);

CREATE TABLE order_logs (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    order_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    username TEXT NOT NULL,
    action TEXT NOT NULL,
    from_state INTEGER NOT NULL,
    to_state INTEGER NOT NULL,
    remark TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX order_logs_by_order ON order_logs (order_id, created_at);
CREATE INDEX order_logs_by_tenant ON order_logs (saas_id, created_at);

-- Calls to and from external interfaces (direction 1 outgoing, 2 incoming), for the channel work.
CREATE TABLE interface_logs (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    interface_id BIGINT NOT NULL,
    direction INTEGER NOT NULL,
    method TEXT NOT NULL,
    url TEXT NOT NULL,
    status INTEGER NOT NULL,
    request TEXT NOT NULL,
    response TEXT NOT NULL,
    duration_ms BIGINT NOT NULL,
    order_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX interface_logs_by_tenant ON interface_logs (saas_id, created_at);
