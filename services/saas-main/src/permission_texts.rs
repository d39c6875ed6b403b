//! What each of saas-main's permission codes allows, for the group editor, in both languages.

use platform::app::PermissionTexts;

pub const TEXTS: PermissionTexts = &[
    (
        "/saas/boss/charge/list:GET",
        "List the tenant's top-ups",
        "查看充值记录",
    ),
    (
        "/saas/boss/invoice/list:GET",
        "List the tenant's invoice requests",
        "查看发票申请",
    ),
    (
        "/saas/boss/invoice/load:GET",
        "View an invoice request",
        "查看发票申请详情",
    ),
    (
        "/saas/boss/invoice/save:POST",
        "Ask for an invoice for top-ups",
        "申请充值发票",
    ),
    (
        "/saas/boss/invoice/withdraw:PUT",
        "Withdraw an invoice request",
        "撤回发票申请",
    ),
    (
        "/saas/platform/invoice/list:GET",
        "List every tenant's invoice requests",
        "查看所有租户的发票申请",
    ),
    (
        "/saas/platform/invoice/load:GET",
        "View a tenant's invoice request",
        "查看租户发票申请详情",
    ),
    (
        "/saas/platform/invoice/issue:PUT",
        "Mark an invoice issued",
        "标记发票已开具",
    ),
    (
        "/saas/platform/invoice/refuse:PUT",
        "Refuse an invoice request",
        "拒绝发票申请",
    ),
    (
        "/saas/area/country/list:GET",
        "List countries",
        "查看国家列表",
    ),
    (
        "/saas/area/areaInfo/list:GET",
        "List provinces and cities",
        "查看省市列表",
    ),
    (
        "/saas/platform/area/save:POST",
        "Add a province or city",
        "新增省市",
    ),
    (
        "/saas/platform/area/update:PUT",
        "Change a province or city",
        "修改省市",
    ),
    (
        "/saas/boss/balanceLog/getBossBalanceInfo:GET",
        "View the balance card",
        "查看余额信息",
    ),
    (
        "/saas/boss/balanceLog/list:GET",
        "List the balance log",
        "查看余额流水",
    ),
    (
        "/saas/boss/charge/recharge:POST",
        "Top up a tenant's balance",
        "为租户充值",
    ),
    (
        "/saas/boss/channel/getAlitripImportHotelCount:GET",
        "Count hotels imported from Alitrip",
        "查看飞猪导入酒店数",
    ),
    (
        "/saas/boss/channel/getAlitripImportProductHotelCount:GET",
        "Count hotels with products imported from Alitrip",
        "查看飞猪导入产品的酒店数",
    ),
    (
        "/saas/boss/license/importProduct:GET",
        "Check whether an import may run",
        "查看能否导入产品",
    ),
    (
        "/saas/boss/supplier/getImportProductHotelCount:GET",
        "Count hotels with products imported from suppliers",
        "查看供应商导入产品的酒店数",
    ),
    (
        "/saas/boss/supplier/getUpdatePriceHotelCount:GET",
        "Count hotels with prices updated from suppliers",
        "查看供应商更新价格的酒店数",
    ),
    (
        "/saas/magic/bossProduct/countHotelAndPrice:GET",
        "View the interface import figures",
        "查看接口导入统计",
    ),
    (
        "/saas/boss/license/list:GET",
        "List licences",
        "查看许可列表",
    ),
    (
        "/saas/boss/license/load:GET",
        "View a licence",
        "查看许可详情",
    ),
    (
        "/saas/boss/service/consumeService:POST",
        "Buy a service",
        "购买服务",
    ),
    (
        "/saas/boss/service/getServiceClassByTag:GET",
        "List the services of a class",
        "按类别查看服务",
    ),
    (
        "/saas/boss/service/list:GET",
        "List the service catalogue",
        "查看服务目录",
    ),
    (
        "/saas/dashboard/index/distributorOverview:GET",
        "View a distributor's overview",
        "查看分销商概况",
    ),
    (
        "/saas/dashboard/index/indexNotice:GET",
        "View the dashboard's notices",
        "查看首页公告",
    ),
    (
        "/saas/dashboard/index/mchRank:GET",
        "View the merchant ranking",
        "查看商户排行",
    ),
    (
        "/saas/dashboard/index/saasOverview:GET",
        "View the tenant's overview",
        "查看租户概况",
    ),
    (
        "/saas/dashboard/index/supplierOverview:GET",
        "View a supplier's overview",
        "查看供应商概况",
    ),
    (
        "/saas/dashboard/index/userActionOverview:GET",
        "View user activity",
        "查看用户活跃度",
    ),
    (
        "/saas/dashboard/index/userActionStats:GET",
        "View user activity per day",
        "查看每日用户活跃度",
    ),
    (
        "/saas/merchant/distributorInfos/list:GET",
        "List distributors",
        "查看分销商列表",
    ),
    (
        "/saas/merchant/distributorInfos/load:GET",
        "View a distributor",
        "查看分销商详情",
    ),
    (
        "/saas/merchant/distributorInfos/loadForSelect:GET",
        "Pick from the distributors",
        "选择分销商",
    ),
    (
        "/saas/merchant/distributorInfos/save:POST",
        "Add a distributor",
        "新增分销商",
    ),
    (
        "/saas/merchant/distributorInfos/update:PUT",
        "Update a distributor",
        "修改分销商",
    ),
    (
        "/saas/merchant/supplierInfos/list:GET",
        "List suppliers",
        "查看供应商列表",
    ),
    (
        "/saas/merchant/supplierInfos/load:GET",
        "View a supplier",
        "查看供应商详情",
    ),
    (
        "/saas/merchant/supplierInfos/loadForSelect:GET",
        "Pick from the suppliers",
        "选择供应商",
    ),
    (
        "/saas/merchant/supplierInfos/save:POST",
        "Add a supplier",
        "新增供应商",
    ),
    (
        "/saas/merchant/supplierInfos/update:PUT",
        "Update a supplier",
        "修改供应商",
    ),
    (
        "/saas/myInfo/saasInfo/load:GET",
        "View my tenant's information",
        "查看本租户信息",
    ),
    (
        "/saas/myInfo/saasMchInfo/load:GET",
        "View my merchant's information",
        "查看本商户信息",
    ),
    (
        "/saas/noticeManager/notice/list:GET",
        "List notices",
        "查看公告列表",
    ),
    (
        "/saas/noticeManager/notice/publish:PUT",
        "Publish a notice",
        "发布公告",
    ),
    (
        "/saas/noticeManager/notice/save:POST",
        "Write a notice",
        "新增公告",
    ),
    (
        "/saas/noticeManager/notice/update:PUT",
        "Update a notice",
        "修改公告",
    ),
    (
        "/saas/noticeManager/notice/withdraw:PUT",
        "Withdraw a notice",
        "撤回公告",
    ),
    (
        "/saas/notify/config/load:GET",
        "View my notification settings",
        "查看我的通知设置",
    ),
    (
        "/saas/notify/config/save:POST",
        "Save my notification settings",
        "保存我的通知设置",
    ),
    (
        "/saas/platform/saasInfo/list:GET",
        "List tenants",
        "查看租户列表",
    ),
    (
        "/saas/platform/saasInfo/load:GET",
        "View a tenant",
        "查看租户详情",
    ),
    (
        "/saas/platform/saasInfo/save:POST",
        "Create a tenant",
        "新增租户",
    ),
    (
        "/saas/platform/saasInfo/stop:PUT",
        "Stop a tenant",
        "停用租户",
    ),
    (
        "/saas/platform/saasInfo/update:PUT",
        "Update a tenant",
        "修改租户",
    ),
    (
        "/saas/saasInterface/interfaceConfig/delete:PUT",
        "Delete an interface configuration",
        "删除接口配置",
    ),
    (
        "/saas/saasInterface/interfaceConfig/disable:PUT",
        "Disable an interface configuration",
        "停用接口配置",
    ),
    (
        "/saas/saasInterface/interfaceConfig/enable:PUT",
        "Enable an interface configuration",
        "启用接口配置",
    ),
    (
        "/saas/saasInterface/interfaceConfig/list:GET",
        "List interface configurations",
        "查看接口配置列表",
    ),
    (
        "/saas/saasInterface/interfaceConfig/listByMerchant:GET",
        "View an interface's configurations by merchant",
        "按商户查看接口配置",
    ),
    (
        "/saas/saasInterface/interfaceConfig/listForSelect:GET",
        "Choose an enabled interface configuration (channel and vendor menus)",
        "选择已启用的接口配置（渠道和供应商菜单）",
    ),
    (
        "/saas/saasInterface/interfaceConfig/load:GET",
        "View an interface configuration",
        "查看接口配置",
    ),
    (
        "/saas/saasInterface/interfaceConfig/save:POST",
        "Add an interface configuration",
        "新增接口配置",
    ),
    (
        "/saas/saasInterface/interfaceConfig/update:PUT",
        "Change an interface configuration",
        "修改接口配置",
    ),
    (
        "/saas/saasInterface/interfaceInfo/listForSelect:GET",
        "Choose an interface of the catalogue",
        "选择接口",
    ),
    (
        "/saas/stats/common/interfaceList:GET",
        "List the statistics' interfaces",
        "查看统计接口筛选项",
    ),
    (
        "/saas/stats/orderStats/count:GET",
        "View order totals",
        "查看订单汇总",
    ),
    (
        "/saas/stats/orderStats/list:GET",
        "View the order chart",
        "查看订单统计图",
    ),
    (
        "/saas/stats/productStats/count:GET",
        "View product counts",
        "查看产品统计",
    ),
    (
        "/saas/pricePolicy/priceGrade/list:GET",
        "List price levels",
        "查看价格等级",
    ),
    (
        "/saas/pricePolicy/priceGrade/save:POST",
        "Add a price level",
        "新增价格等级",
    ),
    (
        "/saas/pricePolicy/priceGrade/update:PUT",
        "Rename a price level",
        "修改价格等级",
    ),
    (
        "/saas/pricePolicy/priceGrade/deletePreview:GET",
        "See what deleting a price level clears",
        "查看删除价格等级将清除的内容",
    ),
    (
        "/saas/pricePolicy/priceGrade/delete:PUT",
        "Delete a price level (its distributors go back to level 0, its rules are deleted)",
        "删除价格等级（其分销商回到 0 级，其规则删除）",
    ),
    (
        "/saas/pricePolicy/priceRule/list:GET",
        "List price rules",
        "查看价格规则",
    ),
    (
        "/saas/pricePolicy/priceRule/calculate:POST",
        "Try a price formula on sample prices",
        "试算价格公式",
    ),
    (
        "/saas/pricePolicy/priceRule/save:POST",
        "Add a price rule",
        "新增价格规则",
    ),
    (
        "/saas/pricePolicy/priceRule/update:PUT",
        "Change a price rule",
        "修改价格规则",
    ),
    (
        "/saas/pricePolicy/priceRule/enable:PUT",
        "Enable a price rule",
        "启用价格规则",
    ),
    (
        "/saas/pricePolicy/priceRule/disable:PUT",
        "Disable a price rule",
        "停用价格规则",
    ),
    (
        "/saas/pricePolicy/priceRule/delete:PUT",
        "Delete a price rule",
        "删除价格规则",
    ),
    (
        "/saas/pricePolicy/currencyRate/currencies:GET",
        "List the currency table",
        "查看币种列表",
    ),
    (
        "/saas/pricePolicy/currencyRate/list:GET",
        "List exchange rates",
        "查看汇率",
    ),
    (
        "/saas/pricePolicy/currencyRate/history:GET",
        "View an exchange rate's history",
        "查看汇率历史",
    ),
    (
        "/saas/pricePolicy/currencyRate/save:POST",
        "Set an exchange rate",
        "设置汇率",
    ),
    (
        "/saas/pricePolicy/currencyRate/calculate:POST",
        "Convert an amount between currencies",
        "汇率换算",
    ),
    (
        "/saas/approval/request/list:GET",
        "List the tenant's approval requests",
        "查看审批申请",
    ),
    (
        "/saas/approval/request/myList:GET",
        "List my requests",
        "查看我的申请",
    ),
    (
        "/saas/approval/request/load:GET",
        "View an approval request",
        "查看审批申请详情",
    ),
    (
        "/saas/approval/request/save:POST",
        "File an approval request",
        "提交审批申请",
    ),
    (
        "/saas/approval/request/approve:PUT",
        "Approve a request",
        "审批通过",
    ),
    (
        "/saas/approval/request/reject:PUT",
        "Reject a request",
        "审批驳回",
    ),
    (
        "/saas/approval/request/withdraw:PUT",
        "Withdraw my request",
        "撤回我的申请",
    ),
    (
        "/saas/support/mySupport/list:GET",
        "List my support tickets",
        "查看我的工单",
    ),
    (
        "/saas/support/mySupport/count:GET",
        "Count my support tickets by state",
        "统计我的工单",
    ),
    (
        "/saas/support/mySupport/load:GET",
        "View a support ticket",
        "查看工单详情",
    ),
    (
        "/saas/support/mySupport/save:POST",
        "Submit a support ticket",
        "提交工单",
    ),
    (
        "/saas/support/mySupport/reply:POST",
        "Reply to a support ticket",
        "回复工单",
    ),
    (
        "/saas/support/mySupport/solve:PUT",
        "Mark a support ticket solved",
        "关闭工单（已解决）",
    ),
    (
        "/saas/support/mySupport/restore:PUT",
        "Restore a solved support ticket",
        "恢复工单",
    ),
    (
        "/saas/support/mySupport/consent:PUT",
        "Allow or withdraw support's agent login",
        "授权或撤回代登录",
    ),
    (
        "/saas/platform/workOrder/list:GET",
        "List every tenant's work orders",
        "查看工单处理列表",
    ),
    (
        "/saas/platform/workOrder/count:GET",
        "Count every tenant's work orders by state",
        "统计工单",
    ),
    (
        "/saas/platform/workOrder/load:GET",
        "View a work order",
        "查看工单",
    ),
    (
        "/saas/platform/workOrder/reply:POST",
        "Reply to a work order as support",
        "客服回复工单",
    ),
    (
        "/saas/platform/workOrder/solve:PUT",
        "Mark a work order solved",
        "工单标记为已解决",
    ),
    (
        "/saas/platform/workOrder/restore:PUT",
        "Restore a solved work order",
        "恢复工单",
    ),
    (
        "/saas/platform/workOrder/assign:PUT",
        "Assign a work order to support staff",
        "指派工单",
    ),
];
