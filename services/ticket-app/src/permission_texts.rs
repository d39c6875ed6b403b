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
    (
        "/saas/product/scenicProducts/list:GET",
        "List ticket products",
        "查看门票产品列表",
    ),
    (
        "/saas/product/scenicProducts/listScenic:GET",
        "List ticket products by scenic spot",
        "按景区查看门票产品",
    ),
    (
        "/saas/product/supplierProduct/listTicket:GET",
        "List a supplier's ticket products",
        "查看供应商门票产品",
    ),
    (
        "/saas/product/scenicProducts/load:GET",
        "View a ticket product",
        "查看门票产品详情",
    ),
    (
        "/saas/product/scenicProducts/save:POST",
        "Create ticket products",
        "新增门票产品",
    ),
    (
        "/saas/product/scenicProducts/updateScenicProduct:PUT",
        "Change ticket products",
        "修改门票产品",
    ),
    (
        "/saas/product/scenicProducts/changeState:PUT",
        "Publish, shelve, disable, delete or restore ticket products",
        "发布、上下架、停用、删除或恢复门票产品",
    ),
    (
        "/saas/price/ticketPriceStore/list:GET",
        "View ticket price and stock calendars",
        "查看门票价格库存日历",
    ),
    (
        "/saas/price/ticketPriceStore/save:POST",
        "Set ticket prices and stock",
        "设置门票价格和库存",
    ),
    (
        "/saas/price/ticketPriceStoreDistributor/save:POST",
        "Set a distributor's ticket prices and authorised stock",
        "设置分销商门票价格和授权库存",
    ),
    (
        "/saas/booking/ticketBookings/list:GET",
        "Search bookable ticket products",
        "查询可预订门票",
    ),
    (
        "/saas/booking/ticketBookings/order:POST",
        "Book tickets",
        "预订门票",
    ),
    (
        "/saas/order/ticketSys/list:GET",
        "List all ticket orders",
        "查看门票订单（运营）",
    ),
    (
        "/saas/order/ticketSupplier/list:GET",
        "List a supplier's ticket orders",
        "查看供应商门票订单",
    ),
    (
        "/saas/order/ticketChannel/list:GET",
        "List a distributor's ticket orders",
        "查看分销商门票订单",
    ),
    (
        "/saas/order/ticketSys/load:GET",
        "View a ticket order",
        "查看门票订单详情",
    ),
    (
        "/saas/order/ticketSys/orderToAdjust:PUT",
        "Adjust a ticket order's amounts",
        "调整门票订单金额",
    ),
    (
        "/saas/order/ticketOrderReport/listProductSummary:GET",
        "View the ticket orders-per-product report",
        "查看门票产品订单报表",
    ),
    (
        "/saas/log/ticketOrderLog/list:GET",
        "View a ticket order's log",
        "查看门票订单日志",
    ),
    (
        "/saas/order/ticketOrder/confirm:PUT",
        "Confirm ticket orders",
        "确认门票订单",
    ),
    (
        "/saas/order/ticketOrder/refuse:PUT",
        "Refuse ticket orders",
        "拒绝门票订单",
    ),
    (
        "/saas/order/ticketOrder/applyCancel:PUT",
        "Apply to cancel ticket orders",
        "申请取消门票订单",
    ),
    (
        "/saas/order/ticketOrder/agreeCancel:PUT",
        "Agree to cancel ticket orders",
        "同意取消门票订单",
    ),
    (
        "/saas/order/ticketOrder/refuseCancel:PUT",
        "Refuse to cancel ticket orders",
        "拒绝取消门票订单",
    ),
    (
        "/saas/order/ticketOrder/cancel:PUT",
        "Cancel ticket orders",
        "取消门票订单",
    ),
    (
        "/saas/order/ticketOrder/complete:PUT",
        "Complete ticket orders",
        "完成门票订单",
    ),
    (
        "/saas/order/ticketOrder/pay:PUT",
        "Pay ticket orders",
        "支付门票订单",
    ),
    (
        "/saas/order/ticketOrder/updateRemark:PUT",
        "Change ticket order remarks",
        "修改门票订单备注",
    ),
    (
        "/saas/order/ticketVoucher/list:GET",
        "View ticket order vouchers",
        "查看门票订单凭证",
    ),
    (
        "/saas/order/ticketVoucher/qr:GET",
        "Download voucher QR codes",
        "下载凭证二维码",
    ),
    (
        "/saas/order/ticketVoucher/pdf:GET",
        "Download vouchers as PDF",
        "下载PDF凭证",
    ),
    (
        "/saas/ticket/ticketVoucher/redeem:POST",
        "Redeem vouchers at the gate",
        "景区检票核销",
    ),
    (
        "/saas/ticket/channel/sync:POST",
        "Pull a channel's scenic spots and products",
        "同步渠道景区和产品",
    ),
    (
        "/saas/ticket/channel/listScenic:GET",
        "List a channel's scenic spots",
        "查看渠道景区",
    ),
    (
        "/saas/ticket/channel/listProduct:GET",
        "List a channel's products and their mappings",
        "查看渠道产品及对应关系",
    ),
    (
        "/saas/ticket/channel/listSysProduct:GET",
        "List the tenant's products for a channel",
        "查看渠道可售的系统产品",
    ),
    (
        "/saas/ticket/channel/map:POST",
        "Sell a product on a channel (map it)",
        "关联渠道产品",
    ),
    (
        "/saas/ticket/channel/unmap:POST",
        "Stop selling a product on a channel",
        "取消渠道产品关联",
    ),
    (
        "/saas/ticket/log/interfaceLog/list:GET",
        "View the interface log of channel calls",
        "查看接口日志",
    ),
];
