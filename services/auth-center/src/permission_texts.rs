//! What each of auth-center's permission codes allows, for the group editor, in both languages.

use platform::app::PermissionTexts;

pub const TEXTS: PermissionTexts = &[
    (
        "/saas/account/api/list:GET",
        "List API users",
        "查看 API 用户列表",
    ),
    (
        "/saas/account/api/load:GET",
        "View an API user",
        "查看 API 用户详情",
    ),
    (
        "/saas/account/api/save:POST",
        "Create an API user",
        "新增 API 用户",
    ),
    (
        "/saas/account/api/update:PUT",
        "Update an API user",
        "修改 API 用户",
    ),
    (
        "/saas/account/group/list:GET",
        "List permission groups",
        "查看权限组列表",
    ),
    (
        "/saas/account/group/listPermissions:GET",
        "View the permission catalogue",
        "查看权限目录",
    ),
    (
        "/saas/account/group/load:GET",
        "View a permission group",
        "查看权限组详情",
    ),
    (
        "/saas/account/group/save:POST",
        "Create a permission group",
        "新增权限组",
    ),
    (
        "/saas/account/group/update:PUT",
        "Update a permission group",
        "修改权限组",
    ),
    (
        "/saas/account/user/disable:PUT",
        "Disable a user",
        "禁用用户",
    ),
    ("/saas/account/user/list:GET", "List users", "查看用户列表"),
    ("/saas/account/user/load:GET", "View a user", "查看用户详情"),
    ("/saas/account/user/lock:PUT", "Lock a user", "锁定用户"),
    ("/saas/account/user/save:POST", "Create a user", "新增用户"),
    ("/saas/account/user/unlock:PUT", "Unlock a user", "解锁用户"),
    ("/saas/account/user/update:PUT", "Update a user", "修改用户"),
    (
        "/saas/log/userLog/listUserActionLog:GET",
        "List user action logs",
        "查看用户操作日志",
    ),
    (
        "/saas/log/userLog/listUserLoginLog:GET",
        "List login logs",
        "查看登录日志",
    ),
];
