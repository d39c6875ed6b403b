// The tables of hotel-app's migrations (the same for both backends).

diesel::table! {
    zones (id) {
        id -> BigInt,
        saas_id -> BigInt,
        parent_id -> BigInt,
        name -> Text,
        area_id -> Text,
        geo_lng -> Text,
        geo_hash -> Text,
        state -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    hotels (id) {
        id -> BigInt,
        saas_id -> BigInt,
        name -> Text,
        name_en -> Text,
        #[sql_name = "star"]
        hotel_star -> Integer,
        area_id -> Text,
        zone_id -> BigInt,
        address -> Text,
        post_code -> Text,
        phone -> Text,
        fax -> Text,
        images -> Text,
        room_num -> Integer,
        open_date -> Text,
        checkin_time -> Text,
        checkout_time -> Text,
        longitude -> Double,
        latitude -> Double,
        geo_hash -> Text,
        time_zone -> Text,
        service_desc -> Text,
        state -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    hotel_requests (id) {
        id -> BigInt,
        saas_id -> BigInt,
        mch_id -> BigInt,
        kind -> Integer,
        hotel_id -> BigInt,
        payload -> Text,
        state -> Integer,
        remark -> Text,
        requested_by -> BigInt,
        decided_by -> BigInt,
        created_at -> BigInt,
        decided_at -> BigInt,
    }
}

diesel::table! {
    rooms (id) {
        id -> BigInt,
        saas_id -> BigInt,
        hotel_id -> BigInt,
        name -> Text,
        bed_type -> Integer,
        room_type -> Integer,
        area -> Text,
        floor -> Text,
        max_guests -> Integer,
        add_bed -> Integer,
        broadband -> Text,
        window_type -> Integer,
        state -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    hotel_products (id) {
        id -> BigInt,
        saas_id -> BigInt,
        supplier_id -> BigInt,
        hotel_id -> BigInt,
        room_id -> BigInt,
        zone_id -> BigInt,
        product_name -> Text,
        product_short_name -> Text,
        product_desc -> Text,
        confirm_type -> Integer,
        share_type -> Integer,
        payment_types -> Text,
        is_online_pay -> Integer,
        guest_type -> Integer,
        supplier_hotel_id -> Text,
        supplier_product_id -> Text,
        supplier_room_id -> Text,
        state -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    product_terms (product_id) {
        product_id -> BigInt,
        cancel_policy -> Text,
        cancel_type -> Integer,
        earliest_booking_days -> Integer,
        earliest_booking_hours -> Integer,
        latest_booking_days -> Integer,
        latest_booking_hours -> Integer,
        breakfast_num -> Integer,
        lunch_num -> Integer,
        dinner_num -> Integer,
        serial_checkin_min -> Integer,
        serial_checkin_max -> Integer,
        room_count_min -> Integer,
        room_count_max -> Integer,
        moveup_cancel_days -> Integer,
        moveup_cancel_hours -> Integer,
    }
}

diesel::table! {
    price_calendar (product_id, day) {
        product_id -> BigInt,
        day -> Text,
        saas_id -> BigInt,
        purchase_price -> BigInt,
        distribution_price -> BigInt,
        retail_price -> BigInt,
        stock_limited -> Bool,
        stock -> BigInt,
        sold -> BigInt,
        closed -> Bool,
        updated_at -> BigInt,
    }
}

diesel::table! {
    price_distributor (product_id, distributor_id, day) {
        product_id -> BigInt,
        distributor_id -> BigInt,
        day -> Text,
        saas_id -> BigInt,
        distribution_price -> Nullable<BigInt>,
        stock -> Nullable<BigInt>,
        sold -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    hotel_orders (order_id) {
        order_id -> BigInt,
        saas_id -> BigInt,
        supplier_id -> BigInt,
        distributor_id -> BigInt,
        hotel_id -> BigInt,
        room_id -> BigInt,
        product_id -> BigInt,
        hotel_name -> Text,
        product_name -> Text,
        contact_name -> Text,
        contact_phone -> Text,
        checkin_date -> Text,
        checkout_date -> Text,
        nights -> Integer,
        product_num -> Integer,
        person_num -> Integer,
        order_price -> BigInt,
        supplier_price -> BigInt,
        channel_price -> BigInt,
        order_state -> Integer,
        real_order_state -> Integer,
        supplier_order_state -> Integer,
        channel_order_state -> Integer,
        pay_state -> Integer,
        cancel_apply -> Integer,
        need_confirm -> Bool,
        pay_deadline -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    order_details (order_id) {
        order_id -> BigInt,
        supplier_order_id -> Text,
        channel_order_id -> Text,
        contact_id_type -> Integer,
        contact_id_no -> Text,
        pay_type -> Integer,
        pay_price -> BigInt,
        pay_date -> BigInt,
        confirm_date -> BigInt,
        finish_date -> BigInt,
        allowed_cancel -> Bool,
        cancel_deadline -> BigInt,
        cancel_price -> BigInt,
        order_memo -> Text,
        guest_memo -> Text,
        memo_inner -> Text,
        pre_cancel_state -> Integer,
        currency -> Text,
        pay_fail_reason -> Text,
        pay_request_id -> Text,
    }
}

diesel::table! {
    order_guests (id) {
        id -> BigInt,
        order_id -> BigInt,
        seq -> Integer,
        name -> Text,
        phone -> Text,
        id_type -> Integer,
        id_no -> Text,
        country -> Text,
    }
}

diesel::table! {
    order_nights (order_id, day) {
        order_id -> BigInt,
        day -> Text,
        price -> BigInt,
        purchase_price -> BigInt,
        stock_source -> Integer,
    }
}

diesel::table! {
    order_logs (id) {
        id -> BigInt,
        saas_id -> BigInt,
        order_id -> BigInt,
        user_id -> BigInt,
        username -> Text,
        action -> Text,
        from_state -> Integer,
        to_state -> Integer,
        remark -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    interface_logs (id) {
        id -> BigInt,
        saas_id -> BigInt,
        interface_id -> BigInt,
        direction -> Integer,
        method -> Text,
        url -> Text,
        status -> Integer,
        request -> Text,
        response -> Text,
        duration_ms -> BigInt,
        order_id -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    open_webhooks (saas_id, mch_id) {
        saas_id -> BigInt,
        mch_id -> BigInt,
        url -> Text,
        secret_sealed -> Text,
        updated_by -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    open_webhook_deliveries (id) {
        id -> BigInt,
        saas_id -> BigInt,
        mch_id -> BigInt,
        order_id -> BigInt,
        event -> Text,
        payload -> Text,
        url -> Text,
        state -> Integer,
        attempts -> Integer,
        next_at -> BigInt,
        last_status -> Integer,
        last_error -> Text,
        created_at -> BigInt,
        delivered_at -> BigInt,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    open_webhooks,
    open_webhook_deliveries,
    zones,
    hotels,
    hotel_requests,
    rooms,
    hotel_products,
    product_terms,
    price_calendar,
    price_distributor,
    hotel_orders,
    order_details,
    order_guests,
    order_nights,
    order_logs,
    interface_logs,
);

// The platform's copy of merchants, read with a product a booking takes (the distributor's
// currency, `store::bookable::for_booking`).
pub use platform::replica::schema::replica_merchants;

/// Lets `replica_merchants` join these tables. Written out, for
/// `allow_tables_to_appear_in_same_query!` also pairs the tables' `ONLY` forms, which only the
/// crate of one of the two tables may do.
macro_rules! join_replica_merchants {
    ($($table:ident),+) => {$(
        impl diesel::query_source::TableNotEqual<$table::table> for replica_merchants::table {}
        impl diesel::query_source::TableNotEqual<replica_merchants::table> for $table::table {}
    )+};
}
join_replica_merchants!(hotel_products, product_terms, hotels, rooms);

// The open API's idempotency keys (`store::open`).
diesel::table! {
    open_idempotency_keys (user_id, idem_key) {
        user_id -> BigInt,
        idem_key -> Text,
        saas_id -> BigInt,
        body_hash -> Text,
        order_id -> BigInt,
        created_at -> BigInt,
    }
}
