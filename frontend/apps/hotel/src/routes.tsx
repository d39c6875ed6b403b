// The hotel application's pages (`saas-hotel-app`), as the host mounts them at
// /saas-hotel-app/<path>, with the permission code of each page's main endpoint, and its
// messages. Notifications link to order/supplier/list?orderId= and order/channel/list?orderId=
// (message-server), so those paths stay as they are.
import { DISTRIBUTOR_USER_TYPES, MscType, PERM, SUPPLIER_USER_TYPES, type AppRoute, type RemoteRoutes } from '@tradewind/shared';
import { APP } from './app';
import en from './messages/en';
import zhCN from './messages/zh-CN';

// The tenant's operator staff work from the tenant's order list; a supplier's users (people and
// API) from the supplier list, a distributor's from the channel list.

export const routes: AppRoute[] = [
  {
    path: 'hotel',
    meta: { title: 'hotel.menu.hotels', icon: 'hotel', order: 1 },
    children: [
      {
        path: 'list',
        meta: { title: 'hotel.menu.hotelList', order: 1, perm: PERM.hotel.list },
        page: () => import('./pages/hotels/HotelList'),
      },
      {
        // Reached from a hotel's row: ?hotelId=
        path: 'rooms',
        meta: { title: 'hotel.menu.rooms', hidden: true, noCache: true, perm: PERM.room.list },
        page: () => import('./pages/hotels/RoomList'),
      },
      {
        path: 'hotelRequests/list',
        meta: { title: 'hotel.menu.hotelRequests', order: 2, perm: PERM.hotelRequest.list },
        page: () => import('./pages/hotels/RequestList'),
      },
      {
        // The tenant's zones ("zone info"); only the tenant's staff get add and edit.
        path: 'zones/list',
        meta: { title: 'hotel.menu.zones', order: 3, perm: PERM.zone.list },
        page: () => import('./pages/zones/ZoneList'),
      },
    ],
  },
  {
    path: 'order',
    meta: { title: 'hotel.menu.orders', icon: 'receipt', order: 2 },
    children: [
      {
        path: 'sys/list',
        // Operator only: the service answers a merchant's user 403.
        meta: { title: 'hotel.menu.sysOrders', order: 1, perm: PERM.order.sysList, scope: 'tenant' },
        page: () => import('./pages/orders/SysOrderList'),
      },
      {
        path: 'supplier/list',
        meta: { title: 'hotel.menu.supplierOrders', order: 2, perm: PERM.order.supplierList, hiddenFor: [MscType.OperatorUser, ...DISTRIBUTOR_USER_TYPES] },
        page: () => import('./pages/orders/SupplierOrderList'),
      },
      {
        path: 'channel/list',
        meta: { title: 'hotel.menu.channelOrders', order: 3, perm: PERM.order.channelList, hiddenFor: [MscType.OperatorUser, ...SUPPLIER_USER_TYPES] },
        page: () => import('./pages/orders/ChannelOrderList'),
      },
      {
        path: 'hotelOrderReport/listProductSummary',
        meta: { title: 'hotel.menu.report', order: 4, perm: PERM.order.report },
        page: () => import('./pages/reports/ProductReport'),
      },
      {
        path: 'detail',
        meta: { title: 'hotel.menu.orderDetail', hidden: true, noCache: true, perm: PERM.order.load },
        page: () => import('./pages/orders/OrderDetail'),
      },
    ],
  },
  {
    path: 'product',
    meta: { title: 'hotel.menu.products', icon: 'inventory', order: 3 },
    children: [
      {
        path: 'list',
        meta: { title: 'hotel.menu.productList', order: 1, perm: PERM.product.list },
        page: () => import('./pages/products/ProductList'),
      },
      {
        // Reached from a product's row: ?productId=
        path: 'priceStore',
        meta: { title: 'hotel.menu.priceCalendar', hidden: true, noCache: true, perm: PERM.price.list },
        page: () => import('./pages/prices/PriceCalendar'),
      },
    ],
  },
  {
    path: 'booking',
    meta: { title: 'hotel.menu.booking', icon: 'event', order: 4 },
    children: [
      {
        path: 'hotelBookings/list',
        meta: { title: 'hotel.menu.bookingSearch', order: 1, perm: PERM.booking.search },
        page: () => import('./pages/booking/BookingSearch'),
      },
      {
        // Reached from a hotel of the search: ?hotelId=&checkinDate=&checkoutDate=&roomNum=
        path: 'hotelDetail',
        meta: { title: 'hotel.menu.hotelBooking', hidden: true, noCache: true, perm: PERM.booking.hotel },
        page: () => import('./pages/booking/HotelBooking'),
      },
    ],
  },
  {
    path: 'log',
    meta: { title: 'hotel.menu.logs', icon: 'history', order: 6 },
    children: [
      {
        path: 'orderLog/list',
        // Operator only: the service answers a merchant's user 403.
        meta: { title: 'hotel.menu.orderLogs', order: 1, perm: PERM.orderLog.list, scope: 'tenant' },
        page: () => import('./pages/logs/OrderLogList'),
      },
    ],
  },
  {
    // The system interface page, then one entry per configured sales channel of the tenant
    // (saas-main's enabled configurations), the interface's name as title and its icon by name.
    path: 'channelInterface',
    meta: { title: 'hotel.menu.channelInterfaces', icon: 'hub', order: 7 },
    children: [
      {
        // The system interface: the interface services on sale, to buy (the shared catalogue
        // scoped to the class HOTEL_SUPPLIER_INTERFACE), first in the menu.
        path: 'boss/service/list',
        meta: { title: 'hotel.menu.systemInterface', order: 1, noCache: true, perm: PERM.service.byTag },
        page: () => import('@tradewind/shared').then((m) => ({ default: m.InterfaceServicePage })),
      },
      {
        path: 'saasInterface/interfaceConfig/listForSelect',
        meta: { title: 'hotel.menu.channelInterface', noCache: true, perm: PERM.interfaceConfig.byMerchant, interfaces: { productType: 10, type: 2 } },
        page: () => import('@tradewind/shared').then((m) => ({ default: m.InterfacePage })),
      },
    ],
  },
  {
    // The system interface page, then one entry per configured vendor (supplier system) of the
    // tenant.
    path: 'vendorInterface',
    meta: { title: 'hotel.menu.vendorInterfaces', icon: 'hub', order: 8 },
    children: [
      {
        // The system interface: the interface services on sale, to buy (the shared catalogue
        // scoped to the class HOTEL_SUPPLIER_INTERFACE), first in the menu.
        path: 'boss/service/list',
        meta: { title: 'hotel.menu.systemInterface', order: 1, noCache: true, perm: PERM.service.byTag },
        page: () => import('@tradewind/shared').then((m) => ({ default: m.InterfaceServicePage })),
      },
      {
        path: 'saasInterface/interfaceConfig/listForSelect',
        meta: { title: 'hotel.menu.vendorInterface', noCache: true, perm: PERM.interfaceConfig.byMerchant, interfaces: { productType: 10, type: 1 } },
        page: () => import('@tradewind/shared').then((m) => ({ default: m.InterfacePage })),
      },
    ],
  },
];

const remote: RemoteRoutes = { app: APP, routes, messages: { 'zh-CN': zhCN, en } };
export default remote;
