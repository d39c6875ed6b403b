//! What each of ticket-app's permission codes allows, for the group editor, in both languages.

use platform::app::PermissionTexts;

pub const TEXTS: PermissionTexts = &[
    (
        "/saas/ticket/scenicInfos/list:GET",
        "List scenic spots",
        "查看景区列表",
    ),
    (
        "/saas/ticket/scenicInfos/load:GET",
        "View a scenic spot",
        "查看景区详情",
    ),
    (
        "/saas/ticket/scenicInfos/save:POST",
        "Add scenic spots",
        "新增景区",
    ),
    (
        "/saas/ticket/scenicInfos/update:PUT",
        "Change scenic spots",
        "修改景区",
    ),
    (
        "/saas/ticket/scenicInfos/requestAdd:POST",
        "Request a new scenic spot",
        "申请新增景区",
    ),
    (
        "/saas/ticket/scenicInfos/requestModify:POST",
        "Request a scenic spot change",
        "申请修改景区",
    ),
    (
        "/saas/ticket/scenicRequests/list:GET",
        "List scenic spot requests",
        "查看景区申请列表",
    ),
    (
        "/saas/ticket/scenicRequests/approve:PUT",
        "Approve scenic spot requests",
        "审核通过景区申请",
    ),
    (
        "/saas/ticket/scenicRequests/reject:PUT",
        "Reject scenic spot requests",
        "驳回景区申请",
    ),
    (
        "/saas/product/scenicProducts/listForScenic:GET",
        "List system scenic spots for products",
        "查看系统景区（建产品）",
    ),
    (
        "/saas/ticket/scenicSuppliers/list:GET",
        "List scenic spot suppliers",
        "查看景区供应商",
    ),
    (
        "/saas/ticket/scenicSuppliers/apply:POST",
        "Apply to supply a scenic spot",
        "申请供应景区",
    ),
    (
        "/saas/ticket/scenicSuppliers/changeState:PUT",
        "Accept, stop or resume scenic spot suppliers",
        "审核、停止或恢复景区供应商",
    ),
];
