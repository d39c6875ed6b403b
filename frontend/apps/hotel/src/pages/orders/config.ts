// hotel-app's order pages: the shared ones (@tradewind/shared's orderPages) told hotel-app's
// service, the hotel pages' message ids and the detail page's path.
import type { OrderPagesConfig } from '@tradewind/shared';
import { appPath } from '../../app';

/** The detail page of an order. */
export function orderDetailPath(orderId: number): string {
  return appPath(`order/detail?orderId=${orderId}`);
}

export const ORDER_PAGES: OrderPagesConfig = {
  service: 'hotel-app',
  messages: { fields: 'hotel.orders.fields', detail: 'hotel.orderDetail', actions: 'hotel.orderActions', back: 'hotel.common.back' },
  detailPath: orderDetailPath,
};
