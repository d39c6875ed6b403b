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
];
