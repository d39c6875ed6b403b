// The ticket application's pages (`saas-ticket-app`), as the host mounts them at
// /saas-ticket-app/<path>, with the permission code of each page's main endpoint, and its
// messages. A page joins this tree only once the ticket-app endpoint it shows exists.
import { DISTRIBUTOR_USER_TYPES, MscType, PERM, SUPPLIER_USER_TYPES, type AppRoute, type RemoteRoutes } from '@tradewind/shared';
import { APP } from './app';
import { CHANNELS, channelPageName } from './pages/channels/channels';
import en from './messages/en';
import zhCN from './messages/zh-CN';

// The tenant's operator staff (mscType 300) work from the tenant's order list; a supplier's users
// (people and API) from the supplier list, a distributor's from the channel list.

export const routes: AppRoute[] = [
  {
    path: 'scenic',
    meta: { title: 'ticket.menu.scenics', icon: 'landscape', order: 1 },
    children: [
      {
        path: 'list',
        meta: { title: 'ticket.menu.scenicList', order: 1, perm: PERM.scenic.list },
        page: () => import('./pages/scenics/ScenicList'),
      },
      {
        path: 'scenicRequests/list',
        meta: { title: 'ticket.menu.scenicRequests', order: 2, perm: PERM.scenicRequest.list },
        page: () => import('./pages/scenics/RequestList'),
      },
      {
        // Also reached from a spot's row: ?scenicId=
        path: 'scenicSuppliers/list',
        meta: { title: 'ticket.menu.scenicSuppliers', order: 3, perm: PERM.scenicSupplier.list, noCache: true },
        page: () => import('./pages/scenics/ScenicSupplierList'),
      },
      {
        // The gate: scan or type a voucher's code (the spot's staff: the tenant's and its suppliers').
        path: 'ticketVoucher/redeem',
        meta: { title: 'ticket.menu.gate', order: 4, perm: PERM.ticketVoucher.redeem, noCache: true },
        page: () => import('./pages/gate/Gate'),
      },
    ],
  },
  {
    path: 'product',
    meta: { title: 'ticket.menu.products', icon: 'inventory', order: 3 },
    children: [
      {
        path: 'scenicProducts/list',
        meta: { title: 'ticket.menu.productList', order: 1, perm: PERM.ticketProduct.list, noCache: true },
        page: () => import('./pages/products/ProductList'),
      },
      {
        path: 'scenicProducts/listScenic',
        meta: { title: 'ticket.menu.productGroups', order: 2, perm: PERM.ticketProduct.byScenic },
        page: () => import('./pages/products/ScenicProductGroups'),
      },
      {
        path: 'supplierProduct/listTicket',
        meta: { title: 'ticket.menu.supplierProducts', order: 3, perm: PERM.ticketProduct.supplierList },
        page: () => import('./pages/products/SupplierProductList'),
      },
      {
        // Reached from a product's row: ?productId=
        path: 'ticketPriceStore',
        meta: { title: 'ticket.menu.priceCalendar', hidden: true, noCache: true, perm: PERM.ticketPrice.list },
        page: () => import('./pages/prices/PriceCalendar'),
      },
      {
        path: 'scenicProducts/listForScenic',
        meta: { title: 'ticket.menu.systemScenics', order: 9, perm: PERM.scenic.forProducts },
        page: () => import('./pages/scenics/SystemScenicList'),
      },
    ],
  },
  {
    path: 'booking',
    meta: { title: 'ticket.menu.booking', icon: 'event', order: 4 },
    children: [
      {
        path: 'ticketBookings/list',
        meta: { title: 'ticket.menu.bookingSearch', order: 1, perm: PERM.ticketBooking.search },
        page: () => import('./pages/booking/BookingSearch'),
      },
    ],
  },
  {
    path: 'order',
    meta: { title: 'ticket.menu.orders', icon: 'receipt', order: 5 },
    children: [
      {
        path: 'ticketSys/list',
        // Operator only: the service answers a merchant's user 403.
        meta: { title: 'ticket.menu.sysOrders', order: 1, perm: PERM.ticketOrder.sysList, scope: 'tenant', noCache: true },
        page: () => import('./pages/orders/SysOrderList'),
      },
      {
        path: 'ticketSupplier/list',
        meta: { title: 'ticket.menu.supplierOrders', order: 2, perm: PERM.ticketOrder.supplierList, hiddenFor: [MscType.OperatorUser, ...DISTRIBUTOR_USER_TYPES], noCache: true },
        page: () => import('./pages/orders/SupplierOrderList'),
      },
      {
        path: 'ticketChannel/list',
        meta: { title: 'ticket.menu.channelOrders', order: 3, perm: PERM.ticketOrder.channelList, hiddenFor: [MscType.OperatorUser, ...SUPPLIER_USER_TYPES], noCache: true },
        page: () => import('./pages/orders/ChannelOrderList'),
      },
      {
        path: 'ticketOrderReport/listProductSummary',
        meta: { title: 'ticket.menu.report', order: 4, perm: PERM.ticketOrder.report },
        page: () => import('./pages/reports/ProductReport'),
      },
      {
        // Reached from an order's number in the lists: ?orderId=
        path: 'detail',
        meta: { title: 'ticket.menu.orderDetail', hidden: true, noCache: true, perm: PERM.ticketOrder.load },
        page: () => import('./pages/orders/OrderDetail'),
      },
    ],
  },
  {
    // The system interface page, then one entry per configured sales channel of the tenant
    // (saas-main's enabled configurations), the interface's name as title and its icon by name.
    path: 'channelInterface',
    meta: { title: 'ticket.menu.channelInterfaces', icon: 'hub', order: 7 },
    children: [
      {
        // The system interface: the interface services on sale, to buy (the shared catalogue
        // scoped to the class HOTEL_SUPPLIER_INTERFACE), first in the menu.
        path: 'boss/service/list',
        meta: { title: 'ticket.menu.systemInterface', order: 1, noCache: true, perm: PERM.service.byTag },
        page: () => import('@tradewind/shared').then((m) => ({ default: m.InterfaceServicePage })),
      },
      {
        path: 'saasInterface/interfaceConfig/listForSelect',
        meta: { title: 'ticket.menu.channelInterface', noCache: true, perm: PERM.interfaceConfig.byMerchant, interfaces: { productType: 20, type: 2 } },
        // The shared page with each ticket channel configuration's links to its channel pages.
        page: () => import('./pages/channels/ChannelInterfacePage'),
      },
    ],
  },
  {
    // A channel's pages on one of its configurations (?configId=), reached from the channel's
    // interface page: its spots, its products, the tenant's products mapped to them; one page
    // of each kind for every channel, the channel read from the path.
    path: 'channel',
    meta: { title: 'ticket.menu.channelPages', order: 10 },
    children: CHANNELS.flatMap((channel) => [
      {
        path: channelPageName(channel, 'scenics'),
        meta: { title: 'ticket.menu.channelScenics', hidden: true, noCache: true, scope: 'tenant' as const, perm: PERM.ticketChannel.listScenic },
        page: () => import('./pages/channels/ChannelScenicList'),
      },
      {
        path: channelPageName(channel, 'products'),
        meta: { title: 'ticket.menu.channelProducts', hidden: true, noCache: true, scope: 'tenant' as const, perm: PERM.ticketChannel.listProduct },
        page: () => import('./pages/channels/ChannelProductList'),
      },
      {
        path: channelPageName(channel, 'sysProducts'),
        meta: { title: 'ticket.menu.channelSysProducts', hidden: true, noCache: true, scope: 'tenant' as const, perm: PERM.ticketChannel.listSysProduct },
        page: () => import('./pages/channels/ChannelSysProductList'),
      },
    ]),
  },
  {
    // The system interface page, then one entry per configured vendor (supplier system) of the
    // tenant.
    path: 'vendorInterface',
    meta: { title: 'ticket.menu.vendorInterfaces', icon: 'hub', order: 8 },
    children: [
      {
        // The system interface: the interface services on sale, to buy (the shared catalogue
        // scoped to the class HOTEL_SUPPLIER_INTERFACE), first in the menu.
        path: 'boss/service/list',
        meta: { title: 'ticket.menu.systemInterface', order: 1, noCache: true, perm: PERM.service.byTag },
        page: () => import('@tradewind/shared').then((m) => ({ default: m.InterfaceServicePage })),
      },
      {
        path: 'saasInterface/interfaceConfig/listForSelect',
        meta: { title: 'ticket.menu.vendorInterface', noCache: true, perm: PERM.interfaceConfig.byMerchant, interfaces: { productType: 20, type: 1 } },
        page: () => import('@tradewind/shared').then((m) => ({ default: m.InterfacePage })),
      },
    ],
  },
  {
    path: 'log',
    meta: { title: 'ticket.menu.logs', icon: 'history', order: 9 },
    children: [
      {
        // The tenant's staff only: the service answers a merchant's user 403.
        path: 'interfaceLog/list',
        meta: { title: 'ticket.menu.interfaceLogs', order: 1, perm: PERM.ticketInterfaceLog.list, scope: 'tenant', noCache: true },
        page: () => import('./pages/logs/InterfaceLogList'),
      },
    ],
  },
];

const remote: RemoteRoutes = { app: APP, routes, messages: { 'zh-CN': zhCN, en } };
export default remote;
