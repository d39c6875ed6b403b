// The values the console compares against and the permission codes it checks, each named once:
// a page says `MscType.PlatformAdmin` or `PERM.user.save`, never 100 or
// '/saas/account/user/save:POST'. The services define them (docs/security.md, docs/enums.md);
// their labels are in ./enums.ts.

/** auth-center `mscType`: the kind of user (the spec's roles). */
export const MscType = {
  /** Holds every code, across tenants (saasId 0). */
  PlatformAdmin: 100,
  /** A tenant's administrator: every code but the platform's. */
  OperatorAdmin: 200,
  /** The tenant's operator staff. */
  OperatorUser: 300,
  /** Operator shared permission. */
  OperatorShared: 310,
  /** A supplier's user (mchId its merchant). */
  Supplier: 311,
  /** A distributor's user (mchId its merchant). */
  Distributor: 312,
  Api: 500,
  ApiShared: 510,
  ApiSupplier: 511,
  ApiDistributor: 512,
  /** Nobody signed in (what the menus take without a user). */
  Anonymous: -1,
} as const;

/** The people types a tenant's administrator manages (the platform makes platform administrators). */
export const TENANT_PERSON_TYPES: readonly number[] = [MscType.OperatorAdmin, MscType.OperatorUser, MscType.Supplier, MscType.Distributor];
/** The API users' types. */
export const API_USER_TYPES: readonly number[] = [MscType.Api, MscType.ApiShared, MscType.ApiSupplier, MscType.ApiDistributor];
/** A supplier's users: its people and its API users. */
export const SUPPLIER_USER_TYPES: readonly number[] = [MscType.Supplier, MscType.ApiSupplier];
/** A distributor's users: its people and its API users. */
export const DISTRIBUTOR_USER_TYPES: readonly number[] = [MscType.Distributor, MscType.ApiDistributor];

/** saas-main `mchType`: what a merchant is. */
export const MchType = {
  Supplier: 1,
  Distributor: 2,
} as const;

/**
 * The permission codes the console checks (`<endpoint>:<method>`), by resource: a page's route
 * names the code of its list, a button the code of what it sends. auth-center's catalogue is
 * the services' (`permission.declared`).
 */
export const PERM = {
  user: {
    list: '/saas/account/user/list:GET',
    save: '/saas/account/user/save:POST',
    update: '/saas/account/user/update:PUT',
    lock: '/saas/account/user/lock:PUT',
    unlock: '/saas/account/user/unlock:PUT',
    disable: '/saas/account/user/disable:PUT',
  },
  group: {
    list: '/saas/account/group/list:GET',
    save: '/saas/account/group/save:POST',
    update: '/saas/account/group/update:PUT',
  },
  apiUser: {
    list: '/saas/account/api/list:GET',
    save: '/saas/account/api/save:POST',
    update: '/saas/account/api/update:PUT',
  },
  supplier: {
    list: '/saas/merchant/supplierInfos/list:GET',
    load: '/saas/merchant/supplierInfos/load:GET',
    save: '/saas/merchant/supplierInfos/save:POST',
    update: '/saas/merchant/supplierInfos/update:PUT',
    select: '/saas/merchant/supplierInfos/loadForSelect:GET',
  },
  distributor: {
    list: '/saas/merchant/distributorInfos/list:GET',
    load: '/saas/merchant/distributorInfos/load:GET',
    save: '/saas/merchant/distributorInfos/save:POST',
    update: '/saas/merchant/distributorInfos/update:PUT',
    select: '/saas/merchant/distributorInfos/loadForSelect:GET',
  },
  sms: {
    sent: '/saas/msg/sms/list:GET',
    queue: '/saas/msg/smsQueue/list:GET',
    resend: '/saas/msg/smsQueue/resend:PUT',
  },
  mail: {
    sent: '/saas/msg/mail/list:GET',
    queue: '/saas/msg/mailQueue/list:GET',
    resend: '/saas/msg/mailQueue/resend:PUT',
  },
  notification: { list: '/saas/notify/message/list:GET' },
  loginLog: { list: '/saas/log/userLog/listUserLoginLog:GET' },
  actionLog: { list: '/saas/log/userLog/listUserActionLog:GET' },
  notice: {
    list: '/saas/noticeManager/notice/list:GET',
    save: '/saas/noticeManager/notice/save:POST',
    update: '/saas/noticeManager/notice/update:PUT',
    publish: '/saas/noticeManager/notice/publish:PUT',
    withdraw: '/saas/noticeManager/notice/withdraw:PUT',
  },
  priceGrade: {
    list: '/saas/pricePolicy/priceGrade/list:GET',
    save: '/saas/pricePolicy/priceGrade/save:POST',
    update: '/saas/pricePolicy/priceGrade/update:PUT',
    deletePreview: '/saas/pricePolicy/priceGrade/deletePreview:GET',
    delete: '/saas/pricePolicy/priceGrade/delete:PUT',
  },
  priceRule: {
    list: '/saas/pricePolicy/priceRule/list:GET',
    calculate: '/saas/pricePolicy/priceRule/calculate:POST',
    save: '/saas/pricePolicy/priceRule/save:POST',
    update: '/saas/pricePolicy/priceRule/update:PUT',
    enable: '/saas/pricePolicy/priceRule/enable:PUT',
    disable: '/saas/pricePolicy/priceRule/disable:PUT',
    delete: '/saas/pricePolicy/priceRule/delete:PUT',
  },
  interfaceInfo: {
    select: '/saas/saasInterface/interfaceInfo/listForSelect:GET',
  },
  interfaceConfig: {
    list: '/saas/saasInterface/interfaceConfig/list:GET',
    load: '/saas/saasInterface/interfaceConfig/load:GET',
    save: '/saas/saasInterface/interfaceConfig/save:POST',
    update: '/saas/saasInterface/interfaceConfig/update:PUT',
    enable: '/saas/saasInterface/interfaceConfig/enable:PUT',
    disable: '/saas/saasInterface/interfaceConfig/disable:PUT',
    delete: '/saas/saasInterface/interfaceConfig/delete:PUT',
    select: '/saas/saasInterface/interfaceConfig/listForSelect:GET',
    byMerchant: '/saas/saasInterface/interfaceConfig/listByMerchant:GET',
  },
  currencyRate: {
    list: '/saas/pricePolicy/currencyRate/list:GET',
    currencies: '/saas/pricePolicy/currencyRate/currencies:GET',
    history: '/saas/pricePolicy/currencyRate/history:GET',
    save: '/saas/pricePolicy/currencyRate/save:POST',
    calculate: '/saas/pricePolicy/currencyRate/calculate:POST',
  },
  support: {
    list: '/saas/support/mySupport/list:GET',
    count: '/saas/support/mySupport/count:GET',
    load: '/saas/support/mySupport/load:GET',
    save: '/saas/support/mySupport/save:POST',
    reply: '/saas/support/mySupport/reply:POST',
    solve: '/saas/support/mySupport/solve:PUT',
    restore: '/saas/support/mySupport/restore:PUT',
    consent: '/saas/support/mySupport/consent:PUT',
  },
  workOrder: {
    list: '/saas/platform/workOrder/list:GET',
    count: '/saas/platform/workOrder/count:GET',
    load: '/saas/platform/workOrder/load:GET',
    reply: '/saas/platform/workOrder/reply:POST',
    solve: '/saas/platform/workOrder/solve:PUT',
    restore: '/saas/platform/workOrder/restore:PUT',
    assign: '/saas/platform/workOrder/assign:PUT',
  },
  approval: {
    list: '/saas/approval/request/list:GET',
    myList: '/saas/approval/request/myList:GET',
    load: '/saas/approval/request/load:GET',
    save: '/saas/approval/request/save:POST',
    approve: '/saas/approval/request/approve:PUT',
    reject: '/saas/approval/request/reject:PUT',
    withdraw: '/saas/approval/request/withdraw:PUT',
  },
  service: {
    list: '/saas/boss/service/list:GET',
    /** The services on sale of one class (the interface menus' system interface page). */
    byTag: '/saas/boss/service/getServiceClassByTag:GET',
    buy: '/saas/boss/service/consumeService:POST',
  },
  licence: { list: '/saas/boss/license/list:GET' },
  balanceLog: { list: '/saas/boss/balanceLog/list:GET' },
  /** The tenant's top-ups and its invoice requests (asked for, withdrawn while invoicing); issuing and refusing are the platform's. */
  charge: { list: '/saas/boss/charge/list:GET' },
  invoice: {
    list: '/saas/boss/invoice/list:GET',
    save: '/saas/boss/invoice/save:POST',
    withdraw: '/saas/boss/invoice/withdraw:PUT',
    platformList: '/saas/platform/invoice/list:GET',
    issue: '/saas/platform/invoice/issue:PUT',
    refuse: '/saas/platform/invoice/refuse:PUT',
  },
  /** Countries, provinces and cities: read by all, kept by the platform. */
  area: {
    countries: '/saas/area/country/list:GET',
    list: '/saas/area/areaInfo/list:GET',
    save: '/saas/platform/area/save:POST',
    update: '/saas/platform/area/update:PUT',
  },
  /** Topping a tenant's balance up: the platform's, though under boss. */
  recharge: '/saas/boss/charge/recharge:POST',
  tenant: {
    list: '/saas/platform/saasInfo/list:GET',
    save: '/saas/platform/saasInfo/save:POST',
    update: '/saas/platform/saasInfo/update:PUT',
    stop: '/saas/platform/saasInfo/stop:PUT',
  },
  myInfo: {
    tenant: '/saas/myInfo/saasInfo/load:GET',
    merchant: '/saas/myInfo/saasMchInfo/load:GET',
  },
  dashboard: {
    supplierOverview: '/saas/dashboard/index/supplierOverview:GET',
    distributorOverview: '/saas/dashboard/index/distributorOverview:GET',
  },
  hotel: {
    list: '/saas/hotel/hotelInfos/list:GET',
    save: '/saas/hotel/hotelInfos/save:POST',
    update: '/saas/hotel/hotelInfos/update:PUT',
    requestAdd: '/saas/hotel/hotelInfos/requestAdd:POST',
    requestModify: '/saas/hotel/hotelInfos/requestModify:POST',
  },
  room: {
    list: '/saas/hotel/rooms/list:GET',
    save: '/saas/hotel/rooms/save:POST',
    update: '/saas/hotel/rooms/update:PUT',
  },
  hotelRequest: {
    list: '/saas/hotel/hotelRequests/list:GET',
    approve: '/saas/hotel/hotelRequests/approve:PUT',
    reject: '/saas/hotel/hotelRequests/reject:PUT',
  },
  zone: {
    list: '/saas/hotel/zones/list:GET',
    tree: '/saas/hotel/zones/tree:GET',
    save: '/saas/hotel/zones/save:POST',
    update: '/saas/hotel/zones/update:PUT',
  },
  product: {
    list: '/saas/product/hotelProducts/list:GET',
    save: '/saas/product/hotelProducts/save:POST',
    update: '/saas/product/hotelProducts/updateHotelProduct:PUT',
    changeState: '/saas/product/hotelProducts/changeState:PUT',
  },
  price: {
    list: '/saas/price/priceStore/list:GET',
    save: '/saas/price/priceStore/save:POST',
    distributorList: '/saas/price/priceStoreDistributor/list:GET',
    distributorSave: '/saas/price/priceStoreDistributor/save:POST',
  },
  booking: {
    search: '/saas/booking/hotelBookings/list:GET',
    hotel: '/saas/booking/hotelBookings/hotelDetail:GET',
    order: '/saas/booking/hotelBookings/order:POST',
  },
  order: {
    sysList: '/saas/order/sys/list:GET',
    supplierList: '/saas/order/supplier/list:GET',
    channelList: '/saas/order/channel/list:GET',
    load: '/saas/order/sys/load:GET',
    report: '/saas/order/hotelOrderReport/listProductSummary:GET',
    pay: '/saas/order/channel/pay:PUT',
    confirm: '/saas/order/supplier/confirm:PUT',
    refuse: '/saas/order/supplier/refuse:PUT',
    arrange: '/saas/order/supplier/arrange:PUT',
    complete: '/saas/order/supplier/complete:PUT',
    applyCancel: '/saas/order/channel/applyCancel:PUT',
    agreeCancel: '/saas/order/supplier/agreeCancel:PUT',
    refuseCancel: '/saas/order/supplier/refuseCancel:PUT',
    cancel: '/saas/order/channel/cancel:PUT',
    remark: '/saas/order/sys/updateRemark:PUT',
    adjust: '/saas/order/sys/orderToAdjust:PUT',
  },
  orderLog: { list: '/saas/log/orderLog/list:GET' },
  /** ticket-app (docs/ticket.md). */
  scenic: {
    list: '/saas/ticket/scenicInfos/list:GET',
    load: '/saas/ticket/scenicInfos/load:GET',
    save: '/saas/ticket/scenicInfos/save:POST',
    update: '/saas/ticket/scenicInfos/update:PUT',
    requestAdd: '/saas/ticket/scenicInfos/requestAdd:POST',
    requestModify: '/saas/ticket/scenicInfos/requestModify:POST',
    /** The system spots products are made on. */
    forProducts: '/saas/product/scenicProducts/listForScenic:GET',
  },
  scenicRequest: {
    list: '/saas/ticket/scenicRequests/list:GET',
    approve: '/saas/ticket/scenicRequests/approve:PUT',
    reject: '/saas/ticket/scenicRequests/reject:PUT',
  },
  scenicSupplier: {
    list: '/saas/ticket/scenicSuppliers/list:GET',
    apply: '/saas/ticket/scenicSuppliers/apply:POST',
    changeState: '/saas/ticket/scenicSuppliers/changeState:PUT',
  },
  ticketProduct: {
    list: '/saas/product/scenicProducts/list:GET',
    byScenic: '/saas/product/scenicProducts/listScenic:GET',
    supplierList: '/saas/product/supplierProduct/listTicket:GET',
    load: '/saas/product/scenicProducts/load:GET',
    save: '/saas/product/scenicProducts/save:POST',
    update: '/saas/product/scenicProducts/updateScenicProduct:PUT',
    changeState: '/saas/product/scenicProducts/changeState:PUT',
  },
  ticketPrice: {
    list: '/saas/price/ticketPriceStore/list:GET',
    save: '/saas/price/ticketPriceStore/save:POST',
    distributorSave: '/saas/price/ticketPriceStoreDistributor/save:POST',
  },
  ticketBooking: {
    search: '/saas/booking/ticketBookings/list:GET',
    order: '/saas/booking/ticketBookings/order:POST',
  },
  ticketOrder: {
    sysList: '/saas/order/ticketSys/list:GET',
    supplierList: '/saas/order/ticketSupplier/list:GET',
    channelList: '/saas/order/ticketChannel/list:GET',
    load: '/saas/order/ticketSys/load:GET',
    log: '/saas/log/ticketOrderLog/list:GET',
    pay: '/saas/order/ticketOrder/pay:PUT',
    confirm: '/saas/order/ticketOrder/confirm:PUT',
    refuse: '/saas/order/ticketOrder/refuse:PUT',
    complete: '/saas/order/ticketOrder/complete:PUT',
    applyCancel: '/saas/order/ticketOrder/applyCancel:PUT',
    agreeCancel: '/saas/order/ticketOrder/agreeCancel:PUT',
    refuseCancel: '/saas/order/ticketOrder/refuseCancel:PUT',
    cancel: '/saas/order/ticketOrder/cancel:PUT',
    remark: '/saas/order/ticketOrder/updateRemark:PUT',
    adjust: '/saas/order/ticketSys/orderToAdjust:PUT',
    report: '/saas/order/ticketOrderReport/listProductSummary:GET',
  },
  /** ticket-app's sales channels (docs/channels.md): a configuration's catalogue, mapping. */
  ticketChannel: {
    sync: '/saas/ticket/channel/sync:POST',
    listScenic: '/saas/ticket/channel/listScenic:GET',
    listProduct: '/saas/ticket/channel/listProduct:GET',
    listSysProduct: '/saas/ticket/channel/listSysProduct:GET',
    map: '/saas/ticket/channel/map:POST',
    unmap: '/saas/ticket/channel/unmap:POST',
  },
  /** ticket-app's calls to its channels. */
  ticketInterfaceLog: { list: '/saas/ticket/log/interfaceLog/list:GET' },
  ticketVoucher: {
    list: '/saas/order/ticketVoucher/list:GET',
    qr: '/saas/order/ticketVoucher/qr:GET',
    pdf: '/saas/order/ticketVoucher/pdf:GET',
    redeem: '/saas/ticket/ticketVoucher/redeem:POST',
  },
  /** finance-app (docs/finance.md). */
  credit: {
    list: '/saas/finance/credit/list:GET',
    update: '/saas/finance/credit/update:PUT',
    changes: '/saas/finance/credit/changes:GET',
    check: '/saas/finance/credit/check:GET',
  },
  creditLog: { list: '/saas/credit/log/list:GET' },
  balance: {
    list: '/saas/balance/info/list:GET',
    graph: '/saas/balance/info/graphList:GET',
  },
  cashLog: {
    list: '/saas/cash/log/list:GET',
    save: '/saas/cash/log/save:POST',
  },
  /** Receipts from distributors, their logs and their reconciliation. */
  receipt: {
    list: '/saas/finance/receipt/list:GET',
    load: '/saas/finance/receipt/load:GET',
    review: '/saas/finance/receipt/review:PUT',
    remove: '/saas/finance/receipt/delete:PUT',
    logList: '/saas/finance/receiptLog/list:GET',
    logSave: '/saas/finance/receiptLog/save:POST',
    logConfirm: '/saas/finance/receiptLog/confirm:PUT',
    logRollback: '/saas/finance/receiptLog/rollback:PUT',
    logDelete: '/saas/finance/receiptLog/delete:PUT',
    make: '/saas/finance/verify/VerifyDistributorOrderList:POST',
    summary: '/saas/finance/verify/listDistributorReceiptSummary:GET',
    orders: '/saas/finance/verify/listDistributorVerifyOrder:GET',
  },
  /** Payments to suppliers, their logs and their reconciliation. */
  payment: {
    list: '/saas/finance/payment/list:GET',
    load: '/saas/finance/payment/load:GET',
    review: '/saas/finance/payment/review:PUT',
    remove: '/saas/finance/payment/delete:PUT',
    logList: '/saas/finance/paymentLog/list:GET',
    logSave: '/saas/finance/paymentLog/save:POST',
    logConfirm: '/saas/finance/paymentLog/confirm:PUT',
    logRollback: '/saas/finance/paymentLog/rollback:PUT',
    logDelete: '/saas/finance/paymentLog/delete:PUT',
    make: '/saas/finance/verify/VerifySupplierOrderList:POST',
    summary: '/saas/finance/verify/listSupplierPaySummary:GET',
    orders: '/saas/finance/verify/listSupplierVerifyOrder:GET',
  },
  /** mall-app (docs/mall.md). */
  mallProduct: {
    list: '/saas/mall/products/list:GET',
    load: '/saas/mall/products/load:GET',
    save: '/saas/mall/products/save:POST',
    update: '/saas/mall/products/update:PUT',
    rank: '/saas/mall/products/rank:PUT',
    publish: '/saas/mall/products/publish:PUT',
    withdraw: '/saas/mall/products/withdraw:PUT',
    linked: '/saas/mall/linked/list:GET',
  },
  mallTheme: {
    list: '/saas/mall/themes/list:GET',
    load: '/saas/mall/themes/load:GET',
    save: '/saas/mall/themes/save:POST',
    update: '/saas/mall/themes/update:PUT',
    products: '/saas/mall/themes/products:PUT',
    enable: '/saas/mall/themes/enable:PUT',
    disable: '/saas/mall/themes/disable:PUT',
  },
  snapup: {
    list: '/saas/mall/snapups/list:GET',
    live: '/saas/mall/snapups/live:GET',
    load: '/saas/mall/snapups/load:GET',
    save: '/saas/mall/snapups/save:POST',
    update: '/saas/mall/snapups/update:PUT',
    stop: '/saas/mall/snapups/stop:PUT',
  },
  mallOrder: {
    place: '/saas/mall/orders/place:POST',
    list: '/saas/mall/orders/list:GET',
    load: '/saas/mall/orders/load:GET',
    pay: '/saas/mall/orders/pay:PUT',
    cancel: '/saas/mall/orders/cancel:PUT',
  },
  bank: {
    list: '/saas/finance/bank/list:GET',
    save: '/saas/finance/bank/save:POST',
    update: '/saas/finance/bank/update:PUT',
    disable: '/saas/finance/bank/disable:PUT',
  },
  /** weixin-server (docs/weixin.md). */
  mpConfig: {
    list: '/saas/mp/config/list:GET',
    save: '/saas/mp/config/save:POST',
    update: '/saas/mp/config/update:PUT',
    state: '/saas/mp/config/state:PATCH',
    test: '/saas/mp/config/test:POST',
  },
  maConfig: {
    list: '/saas/ma/config/list:GET',
    save: '/saas/ma/config/save:POST',
    update: '/saas/ma/config/update:PUT',
    state: '/saas/ma/config/state:PATCH',
    test: '/saas/ma/config/test:POST',
  },
  mpUser: {
    list: '/saas/mp/user/list:GET',
    sync: '/saas/mp/user/sync:POST',
  },
  mpMessage: { list: '/saas/mp/message/list:GET' },
  maUser: { list: '/saas/ma/user/list:GET' },
} as const;

/** The endpoint a code is for: `/saas/order/channel/pay:PUT` -> `/saas/order/channel/pay`. */
export function endpointOf(code: string): string {
  return code.slice(0, code.lastIndexOf(':'));
}
