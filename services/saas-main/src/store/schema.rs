// The tables of saas-main's migrations (the same for both backends).

diesel::table! {
    tenants (saas_id) {
        saas_id -> BigInt,
        saas_name -> Text,
        saas_logo -> Text,
        company_name -> Text,
        pay_mode -> Integer,
        pay_service_fee -> Integer,
        credit_fee -> Integer,
        currency -> Text,
        language -> Text,
        contact_name -> Text,
        contact_mobile -> Text,
        contact_email -> Text,
        domain -> Text,
        saas_expire_date -> BigInt,
        state -> Integer,
        saas_type -> Integer,
        remarks -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    merchants (mch_id) {
        mch_id -> BigInt,
        saas_id -> BigInt,
        mch_type -> Integer,
        mch_name -> Text,
        grade -> Integer,
        contact_name -> Text,
        contact_mobile -> Text,
        contact_email -> Text,
        is_whitelist -> Bool,
        currency -> Text,
        language -> Text,
        withdraw_fee -> Integer,
        is_withdraw -> Bool,
        withdraw_limit -> Integer,
        is_confirm_order -> Bool,
        is_display_stock -> Bool,
        price_codex_purchase -> Text,
        price_codex_distribution -> Text,
        price_codex_retail -> Text,
        credit_used -> BigInt,
        credit_permanent -> BigInt,
        credit_temporary -> BigInt,
        credit_version -> BigInt,
        supplier_order_manage -> Bool,
        presale_visible -> Bool,
        group_purchase -> Bool,
        state -> Integer,
        remarks -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    boss_services (id) {
        id -> BigInt,
        service_name -> Text,
        service_desc -> Text,
        app_name -> Text,
        service_type -> Integer,
        service_class -> Text,
        license_data -> Text,
        license_value -> BigInt,
        license_unit -> Text,
        price -> BigInt,
        service_rank -> Integer,
        state -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    balances (saas_id) {
        saas_id -> BigInt,
        account -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    balance_logs (id) {
        id -> BigInt,
        saas_id -> BigInt,
        log_type -> Integer,
        amount -> BigInt,
        balance_after -> BigInt,
        state -> Integer,
        service_id -> BigInt,
        remarks -> Text,
        operator_id -> BigInt,
        created_at -> BigInt,
        invoice_id -> BigInt,
    }
}

diesel::table! {
    licences (id) {
        id -> BigInt,
        saas_id -> BigInt,
        license_name -> Text,
        license_value -> BigInt,
        expire_date -> Nullable<BigInt>,
        last_buy_date -> Nullable<BigInt>,
        last_consume_date -> Nullable<BigInt>,
        updated_at -> BigInt,
        expiry_announced -> Bool,
    }
}

diesel::table! {
    notify_configs (user_id) {
        user_id -> BigInt,
        saas_id -> BigInt,
        mch_id -> BigInt,
        notify_web -> Text,
        notify_weixin -> Text,
        notify_sms -> Text,
        notify_mail -> Text,
        mobile -> Text,
        email -> Text,
        state -> Integer,
        updated_at -> BigInt,
        language -> Text,
    }
}

diesel::table! {
    notices (id) {
        id -> BigInt,
        saas_id -> BigInt,
        title -> Text,
        content -> Text,
        state -> Integer,
        published_at -> Nullable<BigInt>,
        created_by -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        author_type -> Nullable<Integer>,
    }
}

diesel::table! {
    stat_orders (order_key) {
        order_key -> Text,
        saas_id -> BigInt,
        product_type -> Integer,
        supplier_interface_id -> BigInt,
        distributor_interface_id -> BigInt,
        created_hour -> Nullable<BigInt>,
        amount -> BigInt,
        profit -> BigInt,
        outcome -> Integer,
        outcome_at -> BigInt,
        supplier_mch_id -> BigInt,
        distributor_mch_id -> BigInt,
        supplier_amount -> BigInt,
        distributor_amount -> BigInt,
    }
}

diesel::table! {
    stat_sums (saas_id, grain, mch_side, mch_id, bucket, product_type, supplier_interface_id, distributor_interface_id) {
        saas_id -> BigInt,
        grain -> Integer,
        bucket -> BigInt,
        product_type -> Integer,
        supplier_interface_id -> BigInt,
        distributor_interface_id -> BigInt,
        mch_side -> Integer,
        mch_id -> BigInt,
        order_num -> BigInt,
        order_money -> BigInt,
        success_num -> BigInt,
        success_money -> BigInt,
        success_profit -> BigInt,
        cancel_num -> BigInt,
        cancel_money -> BigInt,
        fail_num -> BigInt,
        fail_money -> BigInt,
    }
}

diesel::table! {
    stat_products (product_key) {
        product_key -> Text,
        saas_id -> BigInt,
        product_type -> Integer,
        supplier_mch_id -> BigInt,
        on_sale -> Bool,
        deleted -> Bool,
        updated_at -> BigInt,
    }
}

diesel::table! {
    activity_days (saas_id, day) {
        saas_id -> BigInt,
        day -> BigInt,
        action_count -> BigInt,
    }
}

diesel::table! {
    price_grades (id) {
        id -> BigInt,
        saas_id -> BigInt,
        grade -> Integer,
        grade_name -> Text,
        remark -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    price_rules (id) {
        id -> BigInt,
        saas_id -> BigInt,
        rule_name -> Text,
        grade -> Integer,
        supplier_id -> BigInt,
        product_type -> Integer,
        product_id -> BigInt,
        formula -> Text,
        state -> Integer,
        remark -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    currency_rates (id) {
        id -> BigInt,
        saas_id -> BigInt,
        from_currency -> Text,
        to_currency -> Text,
        rate -> BigInt,
        is_current -> Bool,
        remark -> Text,
        created_by -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    approvals (id) {
        id -> BigInt,
        saas_id -> BigInt,
        operate_type -> Integer,
        ref_type -> Integer,
        ref_id -> BigInt,
        ref_name -> Text,
        title -> Text,
        content -> Text,
        state -> Integer,
        requester_id -> BigInt,
        requester_mch_id -> BigInt,
        approver_id -> Nullable<BigInt>,
        remark -> Text,
        decided_at -> Nullable<BigInt>,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    interface_infos (interface_id) {
        interface_id -> BigInt,
        interface_name -> Text,
        title_zh -> Text,
        title_en -> Text,
        product_type -> Integer,
        interface_type -> Integer,
        state -> Integer,
        credential_fields -> Text,
        sort -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    interface_configs (id) {
        id -> BigInt,
        saas_id -> BigInt,
        interface_id -> BigInt,
        interface_name -> Text,
        mch_id -> BigInt,
        config_name -> Text,
        product_type -> Integer,
        interface_type -> Integer,
        base_url -> Text,
        credentials_sealed -> Text,
        credential_keys -> Text,
        state -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    interface_imports (saas_id, config_id, kind, hotel_id, product_id) {
        saas_id -> BigInt,
        config_id -> BigInt,
        kind -> Integer,
        hotel_id -> BigInt,
        product_id -> BigInt,
        interface_id -> BigInt,
        interface_name -> Text,
        interface_type -> Integer,
        product_type -> Integer,
        updated_at -> BigInt,
    }
}

diesel::table! {
    support_tickets (id) {
        id -> BigInt,
        saas_id -> BigInt,
        mch_id -> BigInt,
        business_type -> Integer,
        state -> Integer,
        subject -> Text,
        tag -> Text,
        title -> Text,
        content -> Text,
        applicant_id -> BigInt,
        applicant_name -> Text,
        assignee_id -> Nullable<BigInt>,
        assignee_name -> Text,
        allow_agent_login -> Bool,
        handled -> Bool,
        created_at -> BigInt,
        last_at -> BigInt,
        solved_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    support_replies (id) {
        id -> BigInt,
        ticket_id -> BigInt,
        saas_id -> BigInt,
        author_id -> BigInt,
        author_name -> Text,
        from_support -> Bool,
        content -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    invoices (id) {
        id -> BigInt,
        saas_id -> BigInt,
        invoice_type -> Integer,
        title -> Text,
        tax_no -> Text,
        email -> Text,
        address_phone -> Text,
        bank_account -> Text,
        remarks -> Text,
        amount -> BigInt,
        log_count -> Integer,
        state -> Integer,
        invoice_no -> Text,
        applicant_id -> BigInt,
        issuer_id -> BigInt,
        created_at -> BigInt,
        issued_at -> Nullable<BigInt>,
        close_reason -> Text,
        closer_id -> BigInt,
        closed_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    invoice_top_ups (invoice_id, log_id) {
        invoice_id -> BigInt,
        log_id -> BigInt,
    }
}

diesel::table! {
    areas (id) {
        id -> BigInt,
        code -> Text,
        parent_code -> Text,
        country -> Text,
        level -> Integer,
        name -> Text,
        name_en -> Text,
        state -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}
