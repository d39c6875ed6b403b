// ticket-app's order pages: the shared ones (@tradewind/shared's orderPages) told ticket-app's
// service, the ticket pages' message ids and the detail page's path.
import type { OrderPagesConfig } from '@tradewind/shared';
import { appPath } from '../../app';

/** The detail page of a ticket order. */
export function orderDetailPath(orderId: number): string {
  return appPath(`order/detail?orderId=${orderId}`);
}

export const ORDER_PAGES: OrderPagesConfig = {
  service: 'ticket-app',
  messages: { fields: 'ticket.orders.fields', detail: 'ticket.orderDetail', actions: 'ticket.orderActions', back: 'ticket.orderDetail.back' },
  detailPath: orderDetailPath,
};
