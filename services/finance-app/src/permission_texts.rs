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
];
