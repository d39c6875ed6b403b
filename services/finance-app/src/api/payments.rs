//! Payments (money the tenant owes suppliers) and payment logs (each money paid):
//! `/saas/finance/payment/*`, `/saas/finance/paymentLog/*` and the making of a payment from
//! chosen orders, `/saas/finance/verify/VerifySupplierOrderList`. The tenant's staff see and
//! act on all; a supplier's users see their own payments; a distributor's users none. The
//! endpoints are the receipts' with the payment side's names ([`super::settlement::side_endpoints`]).

super::settlement::side_endpoints! {
    side: Side::Payment,
    tag: "payment",
    Payment {
        doc: "A payment: what the tenant owes a supplier for a set of its orders and what is paid.",
        mch_id: supplier_mch_id,
        mch_name: supplier_name,
        due: payment_price,
        arrived_doc: "Paid (confirmed), fen.",
        progress: payment_progress,
        progress_field: "paymentProgress",
        states: "-1 deleted, 1 awaiting payment, 2 paying, 4 reviewed.",
        list_states: "-1 deleted, 1 awaiting payment, 2 paying, 4 reviewed (-99 or absent: all but deleted).",
    },
    PaymentLog {
        doc: "A payment log: one money arrival.",
        id: payment_id,
        info: payment_info,
        info_field: "paymentInfo",
        info_doc: "Where it went (payee, account).",
        date: pay_date,
        date_field: "payDate",
        date_doc: "Of `payDate`, `YYYY-MM-DD`, inclusive.",
    },
    PaymentDetail { doc: "A payment with its orders, its logs and the confirmation texts.", field: payment },
    PaymentSaved,
    PaymentIdForm,
    PaymentListQuery,
    PaymentLoadQuery,
    PaymentLogQuery,
    PaymentLogForm {
        doc: "A money payment against a payment.",
        money_doc: "Fen, at most what the payment has left (pending logs included).",
    },
    paths: {
        make: "/saas/finance/verify/VerifySupplierOrderList",
        list: "/saas/finance/payment/list",
        load: "/saas/finance/payment/load",
        review: "/saas/finance/payment/review",
        delete: "/saas/finance/payment/delete",
        log_list: "/saas/finance/paymentLog/list",
        log_load: "/saas/finance/paymentLog/load",
        log_save: "/saas/finance/paymentLog/save",
        log_confirm: "/saas/finance/paymentLog/confirm",
        log_rollback: "/saas/finance/paymentLog/rollback",
        log_delete: "/saas/finance/paymentLog/delete",
    },
    summaries: {
        make: "Make a payment of a supplier's orders",
        list: "List payments",
        load: "Show a payment",
        review: "Review a payment",
        delete: "Delete a payment",
        log_list: "List payment logs",
        log_load: "Show a payment log",
        log_save: "Record money paid",
        log_confirm: "Confirm money paid",
        log_rollback: "Roll back money paid",
        log_delete: "Delete a pending payment log",
    },
}
