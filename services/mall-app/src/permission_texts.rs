//! What each of mall-app's permission codes allows, for the group editor, in both languages.

use platform::app::PermissionTexts;

pub const TEXTS: PermissionTexts = &[
    (
        "/saas/mall/products/list:GET",
        "List mall products",
        "查看商城商品列表",
    ),
    (
        "/saas/mall/products/load:GET",
        "View a mall product",
        "查看商城商品详情",
    ),
    (
        "/saas/mall/products/save:POST",
        "Add mall products",
        "新增商城商品",
    ),
    (
        "/saas/mall/products/update:PUT",
        "Change mall products",
        "修改商城商品",
    ),
    (
        "/saas/mall/products/rank:PUT",
        "Change the rank of mall products",
        "调整商城商品排序",
    ),
    (
        "/saas/mall/products/publish:PUT",
        "Publish mall products",
        "上架商城商品",
    ),
    (
        "/saas/mall/products/withdraw:PUT",
        "Withdraw mall products",
        "下架商城商品",
    ),
    (
        "/saas/mall/linked/list:GET",
        "Pick hotel and ticket products to sell in the mall",
        "选择商城销售的酒店和门票产品",
    ),
    ("/saas/mall/themes/list:GET", "List themes", "查看主题列表"),
    ("/saas/mall/themes/load:GET", "View a theme", "查看主题详情"),
    ("/saas/mall/themes/save:POST", "Add themes", "新增主题"),
    ("/saas/mall/themes/update:PUT", "Change themes", "修改主题"),
    (
        "/saas/mall/themes/products:PUT",
        "Order the products of themes",
        "调整主题商品及顺序",
    ),
    ("/saas/mall/themes/enable:PUT", "Enable themes", "启用主题"),
    (
        "/saas/mall/themes/disable:PUT",
        "Disable themes",
        "停用主题",
    ),
    (
        "/saas/mall/snapups/list:GET",
        "List snap-up sessions",
        "查看抢购场次列表",
    ),
    (
        "/saas/mall/snapups/live:GET",
        "See live snap-up sessions",
        "查看进行中的抢购",
    ),
    (
        "/saas/mall/snapups/load:GET",
        "View a snap-up session",
        "查看抢购场次详情",
    ),
    (
        "/saas/mall/snapups/save:POST",
        "Create snap-up sessions",
        "新增抢购场次",
    ),
    (
        "/saas/mall/snapups/update:PUT",
        "Change snap-up sessions before they start",
        "修改未开始的抢购场次",
    ),
    (
        "/saas/mall/snapups/stop:PUT",
        "Stop snap-up sessions",
        "停止抢购场次",
    ),
    (
        "/saas/mall/orders/place:POST",
        "Place snap-up orders",
        "抢购下单",
    ),
    (
        "/saas/mall/orders/list:GET",
        "List mall orders",
        "查看商城订单列表",
    ),
    (
        "/saas/mall/orders/load:GET",
        "View a mall order",
        "查看商城订单详情",
    ),
    (
        "/saas/mall/orders/pay:PUT",
        "Pay mall orders by credit",
        "授信支付商城订单",
    ),
    (
        "/saas/mall/orders/cancel:PUT",
        "Cancel mall orders",
        "取消商城订单",
    ),
];
