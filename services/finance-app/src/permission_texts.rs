//! What each of finance-app's permission codes allows, for the group editor, in both languages.

use platform::app::PermissionTexts;

pub const TEXTS: PermissionTexts = &[
    (
        "/saas/finance/credit/list:GET",
        "List distributors' credit limits",
        "查看分销商授信额度列表",
    ),
    (
        "/saas/finance/credit/update:PUT",
        "Set and change distributors' credit limits",
        "设置和修改分销商授信额度",
    ),
    (
        "/saas/finance/credit/changes:GET",
        "View the changes of a distributor's credit limits",
        "查看授信额度变更记录",
    ),
    (
        "/saas/finance/credit/check:GET",
        "Check a distributor's available credit",
        "查询分销商可用授信",
    ),
    (
        "/saas/credit/log/list:GET",
        "List the credit log (one row per order)",
        "查看授信流水（每个订单一条）",
    ),
    (
        "/saas/balance/info/list:GET",
        "List balances",
        "查看余额列表",
    ),
    (
        "/saas/balance/info/graphList:GET",
        "View the chart of balance and used credit",
        "查看余额与已用授信走势图",
    ),
    (
        "/saas/cash/log/list:GET",
        "List the cash log (prepaid money in and out)",
        "查看现金流水（预存款收支）",
    ),
    (
        "/saas/cash/log/save:POST",
        "Record prepaid money in or out",
        "登记预存款收支",
    ),
    (
        "/saas/finance/bank/list:GET",
        "List the tenant's bank accounts",
        "查看银行账户列表",
    ),
    (
        "/saas/finance/bank/save:POST",
        "Add bank accounts",
        "新增银行账户",
    ),
    (
        "/saas/finance/bank/update:PUT",
        "Change bank accounts",
        "修改银行账户",
    ),
    (
        "/saas/finance/bank/disable:PUT",
        "Disable or re-enable bank accounts",
        "停用或启用银行账户",
    ),
    (
        "/saas/finance/verify/VerifyDistributorOrderList:POST",
        "Make receipts of distributors' orders",
        "按分销商订单生成收款单",
    ),
    (
        "/saas/finance/receipt/list:GET",
        "List receipts from distributors",
        "查看收款单列表",
    ),
    (
        "/saas/finance/receipt/load:GET",
        "View a receipt with its orders and logs",
        "查看收款单详情",
    ),
    (
        "/saas/finance/receipt/review:PUT",
        "Review receipts",
        "审核收款单",
    ),
    (
        "/saas/finance/receipt/delete:PUT",
        "Delete receipts",
        "删除收款单",
    ),
    (
        "/saas/finance/receiptLog/list:GET",
        "List receipt logs (money received)",
        "查看收款记录列表",
    ),
    (
        "/saas/finance/receiptLog/load:GET",
        "View a receipt log",
        "查看收款记录详情",
    ),
    (
        "/saas/finance/receiptLog/save:POST",
        "Record money received",
        "登记收款",
    ),
    (
        "/saas/finance/receiptLog/confirm:PUT",
        "Confirm money received",
        "确认收款",
    ),
    (
        "/saas/finance/receiptLog/rollback:PUT",
        "Roll back money received",
        "撤销收款",
    ),
    (
        "/saas/finance/receiptLog/delete:PUT",
        "Delete pending receipt logs",
        "删除待确认的收款记录",
    ),
    (
        "/saas/finance/verify/VerifySupplierOrderList:POST",
        "Make payments of suppliers' orders",
        "按供应商订单生成付款单",
    ),
    (
        "/saas/finance/payment/list:GET",
        "List payments to suppliers",
        "查看付款单列表",
    ),
    (
        "/saas/finance/payment/load:GET",
        "View a payment with its orders and logs",
        "查看付款单详情",
    ),
    (
        "/saas/finance/payment/review:PUT",
        "Review payments (finance review)",
        "财务审核付款单",
    ),
    (
        "/saas/finance/payment/delete:PUT",
        "Delete payments",
        "删除付款单",
    ),
    (
        "/saas/finance/paymentLog/list:GET",
        "List payment logs (money paid)",
        "查看付款记录列表",
    ),
    (
        "/saas/finance/paymentLog/load:GET",
        "View a payment log",
        "查看付款记录详情",
    ),
    (
        "/saas/finance/paymentLog/save:POST",
        "Record money paid",
        "登记付款",
    ),
    (
        "/saas/finance/paymentLog/confirm:PUT",
        "Confirm money paid",
        "确认付款",
    ),
    (
        "/saas/finance/paymentLog/rollback:PUT",
        "Roll back money paid",
        "撤销付款",
    ),
    (
        "/saas/finance/paymentLog/delete:PUT",
        "Delete pending payment logs",
        "删除待确认的付款记录",
    ),
    (
        "/saas/finance/verify/listDistributorReceiptSummary:GET",
        "View the receipt ledger per distributor",
        "查看分销商收款对账汇总",
    ),
    (
        "/saas/finance/verify/listDistributorVerifyOrder:GET",
        "List distributors' orders to reconcile",
        "查看分销商对账订单",
    ),
    (
        "/saas/finance/verify/listSupplierPaySummary:GET",
        "View the payment ledger per supplier",
        "查看供应商付款对账汇总",
    ),
    (
        "/saas/finance/verify/listSupplierVerifyOrder:GET",
        "List suppliers' orders to reconcile",
        "查看供应商对账订单",
    ),
];
