//! What each of hotel-app's permission codes allows, for the group editor, in both languages.

use platform::app::PermissionTexts;

pub const TEXTS: PermissionTexts = &[
    (
        "/saas/booking/hotelBookings/hotelDetail:GET",
        "View a hotel for booking",
        "查看预订酒店详情",
    ),
    (
        "/saas/booking/hotelBookings/list:GET",
        "Search hotels to book",
        "搜索可预订酒店",
    ),
    (
        "/saas/booking/hotelBookings/listHotelProduct:GET",
        "List a hotel's bookable products",
        "查看酒店可预订产品",
    ),
    (
        "/saas/booking/hotelBookings/order:POST",
        "Book a hotel product",
        "预订酒店产品",
    ),
    (
        "/saas/hotel/hotelInfos/list:GET",
        "List hotels",
        "查看酒店列表",
    ),
    (
        "/saas/hotel/hotelInfos/load:GET",
        "View a hotel",
        "查看酒店详情",
    ),
    (
        "/saas/hotel/hotelInfos/requestAdd:POST",
        "Request a new hotel",
        "申请新增酒店",
    ),
    (
        "/saas/hotel/hotelInfos/requestModify:POST",
        "Request a hotel change",
        "申请修改酒店",
    ),
    (
        "/saas/hotel/hotelInfos/save:POST",
        "Add a hotel",
        "新增酒店",
    ),
    (
        "/saas/hotel/hotelInfos/update:PUT",
        "Update a hotel",
        "修改酒店",
    ),
    (
        "/saas/hotel/hotelRequests/approve:PUT",
        "Approve a hotel request",
        "通过酒店申请",
    ),
    (
        "/saas/hotel/hotelRequests/list:GET",
        "List hotel requests",
        "查看酒店申请列表",
    ),
    (
        "/saas/hotel/hotelRequests/reject:PUT",
        "Reject a hotel request",
        "驳回酒店申请",
    ),
    ("/saas/hotel/rooms/list:GET", "List rooms", "查看房型列表"),
    ("/saas/hotel/rooms/load:GET", "View a room", "查看房型详情"),
    ("/saas/hotel/rooms/save:POST", "Add a room", "新增房型"),
    ("/saas/hotel/rooms/update:PUT", "Update a room", "修改房型"),
    ("/saas/hotel/zones/list:GET", "List zones", "查看区域列表"),
    ("/saas/hotel/zones/save:POST", "Add a zone", "新增区域"),
    (
        "/saas/hotel/zones/tree:GET",
        "View the zone tree",
        "查看区域树",
    ),
    ("/saas/hotel/zones/update:PUT", "Update a zone", "修改区域"),
    (
        "/saas/log/interfaceLog/list:GET",
        "List the interface log",
        "查看接口日志",
    ),
    (
        "/saas/log/orderLog/list:GET",
        "List the order log",
        "查看订单日志",
    ),
    (
        "/saas/order/channel/applyCancel:PUT",
        "Apply to cancel a hotel order",
        "申请取消酒店订单",
    ),
    (
        "/saas/order/channel/cancel:PUT",
        "Cancel a hotel order",
        "取消酒店订单",
    ),
    (
        "/saas/order/channel/list:GET",
        "List distributor orders",
        "查看分销商订单",
    ),
    (
        "/saas/order/channel/pay:PUT",
        "Pay a hotel order",
        "支付酒店订单",
    ),
    (
        "/saas/order/hotelOrderReport/listProductSummary:GET",
        "View the orders-per-product report",
        "查看产品订单报表",
    ),
    (
        "/saas/order/supplier/agreeCancel:PUT",
        "Agree to cancel a hotel order",
        "同意取消酒店订单",
    ),
    (
        "/saas/order/supplier/arrange:PUT",
        "Mark a hotel order arranged",
        "酒店订单标记为已安排",
    ),
    (
        "/saas/order/supplier/complete:PUT",
        "Complete a hotel order",
        "完成酒店订单",
    ),
    (
        "/saas/order/supplier/confirm:PUT",
        "Confirm a hotel order",
        "确认酒店订单",
    ),
    (
        "/saas/order/supplier/list:GET",
        "List supplier orders",
        "查看供应商订单",
    ),
    (
        "/saas/order/supplier/refuse:PUT",
        "Refuse a hotel order",
        "拒绝酒店订单",
    ),
    (
        "/saas/order/supplier/refuseCancel:PUT",
        "Refuse to cancel a hotel order",
        "拒绝取消酒店订单",
    ),
    (
        "/saas/order/sys/list:GET",
        "List all hotel orders",
        "查看全部酒店订单",
    ),
    (
        "/saas/order/sys/load:GET",
        "View a hotel order",
        "查看酒店订单详情",
    ),
    (
        "/saas/order/sys/orderToAdjust:PUT",
        "Adjust a hotel order",
        "调整酒店订单",
    ),
    (
        "/saas/order/sys/updateRemark:PUT",
        "Update a hotel order's remarks",
        "修改酒店订单备注",
    ),
    (
        "/saas/price/priceStore/list:GET",
        "View a product's price calendar",
        "查看产品价格日历",
    ),
    (
        "/saas/price/priceStore/save:POST",
        "Set a product's prices and stock",
        "设置产品价格与库存",
    ),
    (
        "/saas/price/priceStoreDistributor/list:GET",
        "View distributors' prices",
        "查看分销商价格",
    ),
    (
        "/saas/price/priceStoreDistributor/save:POST",
        "Set distributors' prices and stock",
        "设置分销商价格与库存",
    ),
    (
        "/saas/product/hotelProducts/changeState:PUT",
        "Change a hotel product's state",
        "变更酒店产品状态",
    ),
    (
        "/saas/product/hotelProducts/list:GET",
        "List hotel products",
        "查看酒店产品列表",
    ),
    (
        "/saas/product/hotelProducts/listForHotel:GET",
        "List system hotels for products",
        "查看可建产品的系统酒店",
    ),
    (
        "/saas/product/hotelProducts/listHotel:GET",
        "List hotel products by hotel",
        "按酒店查看产品",
    ),
    (
        "/saas/product/hotelProducts/load:GET",
        "View a hotel product",
        "查看酒店产品详情",
    ),
    (
        "/saas/product/hotelProducts/save:POST",
        "Create a hotel product",
        "新增酒店产品",
    ),
    (
        "/saas/product/hotelProducts/updateHotelProduct:PUT",
        "Update a hotel product",
        "修改酒店产品",
    ),
    (
        "/saas/product/supplierProduct/list:GET",
        "List supplier products",
        "查看供应商产品",
    ),
];
