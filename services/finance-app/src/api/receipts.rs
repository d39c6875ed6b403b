//! Receipts (money distributors owe the tenant) and receipt logs (each money arrival):
//! `/saas/finance/receipt/*`, `/saas/finance/receiptLog/*` and the making of a receipt from
//! chosen orders, `/saas/finance/verify/VerifyDistributorOrderList`. The tenant's staff see and
//! act on all; a distributor's users see their own receipts; a supplier's users none. The
//! endpoints are the payments' with the receipt side's names ([`super::settlement::side_endpoints`]).

super::settlement::side_endpoints! {
    side: Side::Receipt,
    tag: "receipt",
    Receipt {
        doc: "A receipt: what a distributor owes for a set of its orders and what has arrived.",
        mch_id: distributor_mch_id,
        mch_name: distributor_name,
        due: receipt_price,
        arrived_doc: "Received (confirmed), fen.",
        progress: receipt_progress,
        progress_field: "receiptProgress",
        states: "-1 deleted, 1 awaiting, 2 receiving, 4 reviewed.",
        list_states: "-1 deleted, 1 awaiting, 2 receiving, 4 reviewed (-99 or absent: all but deleted).",
    },
    ReceiptLog {
        doc: "A receipt log: one money arrival.",
        id: receipt_id,
        info: receipt_info,
        info_field: "receiptInfo",
        info_doc: "Where it came from (payer, account).",
        date: receipt_date,
        date_field: "receiptDate",
        date_doc: "Of `receiptDate`, `YYYY-MM-DD`, inclusive.",
    },
    ReceiptDetail { doc: "A receipt with its orders, its logs and the confirmation texts.", field: receipt },
    ReceiptSaved,
    ReceiptIdForm,
    ReceiptListQuery,
    ReceiptLoadQuery,
    ReceiptLogQuery,
    ReceiptLogForm {
        doc: "A money arrival against a receipt.",
        money_doc: "Fen, at most what the receipt has left (pending logs included).",
    },
    paths: {
        make: "/saas/finance/verify/VerifyDistributorOrderList",
        list: "/saas/finance/receipt/list",
        load: "/saas/finance/receipt/load",
        review: "/saas/finance/receipt/review",
        delete: "/saas/finance/receipt/delete",
        log_list: "/saas/finance/receiptLog/list",
        log_load: "/saas/finance/receiptLog/load",
        log_save: "/saas/finance/receiptLog/save",
        log_confirm: "/saas/finance/receiptLog/confirm",
        log_rollback: "/saas/finance/receiptLog/rollback",
        log_delete: "/saas/finance/receiptLog/delete",
    },
    summaries: {
        make: "Make a receipt of a distributor's orders",
        list: "List receipts",
        load: "Show a receipt",
        review: "Review a receipt",
        delete: "Delete a receipt",
        log_list: "List receipt logs",
        log_load: "Show a receipt log",
        log_save: "Record money received",
        log_confirm: "Confirm money received",
        log_rollback: "Roll back money received",
        log_delete: "Delete a pending receipt log",
    },
}
