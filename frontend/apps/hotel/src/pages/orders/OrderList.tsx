// The hotel order lists, newest first: the tenant's (GET /saas/order/sys/list), a supplier's
// (/saas/order/supplier/list) and a distributor's (/saas/order/channel/list). A link's
// `?orderId=` (a notification's) opens the list filtered on that order.
import { useCallback } from 'react';
import { Link } from '@mui/material';
import { api, dateTime, money, DataTable, type Column, type Page, ListPage, DateFilter, SelectFilter, TextFilter, useEnumLabel, useFilters } from '@tradewind/shared';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { appPath } from '../../app';
import { DATE_TYPE, ORDER_STATE, PAY_STATE } from '../../enums';
import type { OrderRow } from './types';

export type OrderListKind = 'sys' | 'supplier' | 'channel';

const KINDS: Record<OrderListKind, { path: string; title: string; testId: string }> = {
  sys: { path: '/saas/order/sys/list', title: 'hotel.orders.sysTitle', testId: 'hotel-orders-table' },
  supplier: { path: '/saas/order/supplier/list', title: 'hotel.orders.supplierTitle', testId: 'hotel-supplier-orders-table' },
  channel: { path: '/saas/order/channel/list', title: 'hotel.orders.channelTitle', testId: 'hotel-channel-orders-table' },
};

const EMPTY = { orderId: '', contact: '', orderState: '', payState: '', dateType: '1', startDate: '', endDate: '' };
const F = 'hotel.orders.fields';

/** The detail page of an order. */
export function orderDetailPath(orderId: number): string {
  return appPath(`order/detail?orderId=${orderId}`);
}

export function OrderList({ kind }: { kind: OrderListKind }) {
  const [params, setParams] = useSearchParams();
  const fromUrl = (params.get('orderId') ?? '').replace(/\D/g, '');
  // A new `?orderId=` opens the list afresh on that order.
  return <OrderListView key={fromUrl} kind={kind} orderId={fromUrl} leaveUrl={() => setParams({}, { replace: true })} />;
}

function OrderListView({ kind, orderId, leaveUrl }: { kind: OrderListKind; orderId: string; leaveUrl: () => void }) {
  const label = useEnumLabel();
  const f = useFilters(EMPTY, { ...EMPTY, orderId });
  const { applied } = f;
  const { path, title, testId } = KINDS[kind];
  const load = useCallback(
    (page: number, size: number) => {
      const dated = applied.startDate !== '' || applied.endDate !== '';
      return api.get<Page<OrderRow>>('hotel-app', path, {
        query: {
          page,
          resultNum: size,
          orderId: applied.orderId,
          contact: applied.contact.trim(),
          orderState: applied.orderState,
          payState: applied.payState,
          dateType: dated ? applied.dateType : undefined,
          startDate: applied.startDate,
          endDate: applied.endDate,
        },
      });
    },
    [applied, path],
  );
  const columns: Column<OrderRow>[] = [
    {
      key: 'orderId',
      title: `${F}.orderId`,
      render: (r) => (
        <Link component={RouterLink} to={orderDetailPath(r.orderId)} data-testid={`order-${r.orderId}`}>
          {r.orderId}
        </Link>
      ),
    },
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
    <ListPage
      title={title}
      onInquire={f.inquire}
      onReset={orderId ? leaveUrl : f.reset}
      filters={
        <>
          <TextFilter label={`${F}.orderId`} value={f.draft.orderId} onChange={(v) => f.set('orderId', v)} digits testId="orders-order-id" />
          <TextFilter label={`${F}.contact`} value={f.draft.contact} onChange={(v) => f.set('contact', v)} testId="orders-contact" />
          <SelectFilter label={`${F}.orderState`} value={f.draft.orderState} onChange={(v) => f.set('orderState', v)} enumeration={ORDER_STATE} testId="orders-state" />
          <SelectFilter label={`${F}.payState`} value={f.draft.payState} onChange={(v) => f.set('payState', v)} enumeration={PAY_STATE} testId="orders-pay-state" />
          <SelectFilter label={`${F}.dateType`} value={f.draft.dateType} onChange={(v) => f.set('dateType', v)} enumeration={DATE_TYPE} noAll width={130} testId="orders-date-type" />
          <DateFilter label="hotel.common.startDate" value={f.draft.startDate} onChange={(v) => f.set('startDate', v)} testId="orders-start" />
          <DateFilter label="hotel.common.endDate" value={f.draft.endDate} onChange={(v) => f.set('endDate', v)} testId="orders-end" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.orderId} testId={testId} />
    </ListPage>
  );
}
