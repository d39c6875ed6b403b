// The hotel order lists, newest first: the tenant's (GET /saas/order/sys/list), a supplier's
// (/saas/order/supplier/list) and a distributor's (/saas/order/channel/list), on the shared order
// list. hotel-app adds what the date range is of (`dateType`: check-in, check-out or order date),
// sent only with a date.
import { dateTime, money, OrderListPage, SelectFilter, useEnumLabel, type Column, type OrderFilters, type OrderListKind, type OrderListSpec } from '@tradewind/shared';
import { DATE_TYPE, ORDER_STATE } from '../../enums';
import { ORDER_PAGES } from './config';
import type { OrderRow } from './types';

const LISTS: Record<OrderListKind, OrderListSpec> = {
  sys: { path: '/saas/order/sys/list', title: 'hotel.orders.sysTitle', testId: 'hotel-orders-table' },
  supplier: { path: '/saas/order/supplier/list', title: 'hotel.orders.supplierTitle', testId: 'hotel-supplier-orders-table' },
  channel: { path: '/saas/order/channel/list', title: 'hotel.orders.channelTitle', testId: 'hotel-channel-orders-table' },
};

const EXTRA = { dateType: '1' };
const F = ORDER_PAGES.messages.fields;
const LABELS = { contact: `${F}.contact`, startDate: 'hotel.common.startDate', endDate: 'hotel.common.endDate' };

function extraQuery(a: OrderFilters<typeof EXTRA>) {
  const dated = a.startDate !== '' || a.endDate !== '';
  return { dateType: dated ? a.dateType : undefined };
}

export function OrderList({ kind }: { kind: OrderListKind }) {
  const label = useEnumLabel();
  const columns: Column<OrderRow>[] = [
    { key: 'productName', title: `${F}.productName` },
    { key: 'hotelName', title: `${F}.hotelName` },
    { key: 'contactName', title: `${F}.contactName` },
    { key: 'checkinDate', title: `${F}.checkinDate` },
    { key: 'checkoutDate', title: `${F}.checkoutDate` },
    { key: 'productNum', title: `${F}.productNum` },
    { key: 'orderPrice', title: `${F}.orderPrice`, render: (r) => money(r.orderPrice) },
    { key: 'orderState', title: `${F}.orderState`, render: (r) => label(ORDER_STATE, r.orderState) },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
  ];
  return (
    <OrderListPage
      config={ORDER_PAGES}
      list={LISTS[kind]}
      extra={EXTRA}
      extraQuery={extraQuery}
      labels={LABELS}
      beforeDates={(f) => (
        <SelectFilter label={`${F}.dateType`} value={f.draft.dateType} onChange={(v) => f.set('dateType', v)} enumeration={DATE_TYPE} noAll width={130} testId="orders-date-type" />
      )}
      columns={columns}
    />
  );
}
