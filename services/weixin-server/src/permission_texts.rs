//! What each of weixin-server's permission codes allows, in English and Chinese (the console's
//! group editor shows them; the fleet's test checks every code has its text).

use platform::app::PermissionTexts;

pub const TEXTS: PermissionTexts = &[
    (
        "/saas/mp/config/list:GET",
        "List the tenant's official accounts",
        "查看公众号配置列表",
    ),
    (
        "/saas/mp/config/load:GET",
        "View an official account's configuration",
        "查看公众号配置",
    ),
    (
        "/saas/mp/config/save:POST",
        "Add an official account",
        "新增公众号配置",
    ),
    (
        "/saas/mp/config/update:PUT",
        "Change an official account's configuration",
        "修改公众号配置",
    ),
    (
        "/saas/mp/config/state:PATCH",
        "Enable or disable an official account",
        "启用或停用公众号",
    ),
    (
        "/saas/mp/config/test:POST",
        "Test an official account's connection to WeChat",
        "测试公众号连接",
    ),
    (
        "/saas/ma/config/list:GET",
        "List the tenant's mini-programs",
        "查看小程序配置列表",
    ),
    (
        "/saas/ma/config/load:GET",
        "View a mini-program's configuration",
        "查看小程序配置",
    ),
    (
        "/saas/ma/config/save:POST",
        "Add a mini-program",
        "新增小程序配置",
    ),
    (
        "/saas/ma/config/update:PUT",
        "Change a mini-program's configuration",
        "修改小程序配置",
    ),
    (
        "/saas/ma/config/state:PATCH",
        "Enable or disable a mini-program",
        "启用或停用小程序",
    ),
    (
        "/saas/ma/config/test:POST",
        "Test a mini-program's connection to WeChat",
        "测试小程序连接",
    ),
    (
        "/saas/mp/bind/bindQrCode:GET",
        "Get a QR code to bind one's WeChat",
        "获取微信绑定二维码",
    ),
    (
        "/saas/mp/info/baseInfo:GET",
        "View one's WeChat binding",
        "查看本人微信绑定",
    ),
    (
        "/saas/mp/bind/removeBind:PATCH",
        "Unbind a WeChat account (administrators: any of the tenant's)",
        "解除微信绑定（管理员可解除租户内任意绑定）",
    ),
    (
        "/saas/mp/user/list:GET",
        "List an official account's followers",
        "查看公众号粉丝列表",
    ),
    (
        "/saas/mp/user/sync:POST",
        "Sync an official account's followers from WeChat",
        "从微信同步公众号粉丝",
    ),
    (
        "/saas/ma/user/list:GET",
        "List a mini-program's users",
        "查看小程序用户列表",
    ),
    (
        "/saas/mp/message/list:GET",
        "List an official account's template messages",
        "查看公众号模板消息列表",
    ),
];
