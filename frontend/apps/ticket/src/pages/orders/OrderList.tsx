// The ticket order lists, newest first: the tenant's (GET /saas/order/ticketSys/list), a
// supplier's (/saas/order/ticketSupplier/list: its products' orders) and a distributor's
// (/saas/order/ticketChannel/list: the orders it booked). Filters: order number, contact (name
// or mobile), order and payment state, visit dates, and for the tenant's staff the supplier and
// the distributor. A link's `?orderId=` opens the list filtered on that order.
import { useCallback } from 'react';
import { Link, Typography } from '@mui/material';
import {
  api,
  DataTable,
  DateFilter,
  dateTime,
  ListPage,
  money,
  ORDER_STATE,
  PAY_STATE,
  SelectFilter,
  TextFilter,
  useEnumLabel,
  useFilters,
  useIsTenantStaff,
  useMerchantOptions,
  type Column,
  type Page,
} from '@tradewind/shared';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { appPath } from '../../app';
import type { TicketOrder } from './types';

export type OrderListKind = 'sys' | 'supplier' | 'channel';

const KINDS: Record<OrderListKind, { path: string; title: string; testId: string }> = {
  sys: { path: '/saas/order/ticketSys/list', title: 'ticket.orders.sysTitle', testId: 'ticket-orders-table' },
  supplier: { path: '/saas/order/ticketSupplier/list', title: 'ticket.orders.supplierTitle', testId: 'ticket-supplier-orders-table' },
  channel: { path: '/saas/order/ticketChannel/list', title: 'ticket.orders.channelTitle', testId: 'ticket-channel-orders-table' },
};

const EMPTY = { orderId: '', contact: '', orderState: '', payState: '', startDate: '', endDate: '', supplierId: '', distributorId: '' };
const F = 'ticket.orders.fields';

/** The detail page of a ticket order. */
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
  const staff = useIsTenantStaff();
  const f = useFilters(EMPTY, { ...EMPTY, orderId });
  const { applied } = f;
  const { path, title, testId } = KINDS[kind];
  // The tenant's staff narrow by merchant; a merchant sees its own side only.
  const bySupplier = staff && kind !== 'channel';
  const byDistributor = staff && kind !== 'supplier';
  const suppliers = useMerchantOptions('supplier', bySupplier);
  const distributors = useMerchantOptions('distributor', byDistributor);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<TicketOrder>>('ticket-app', path, {
        query: {
          page,
          resultNum: size,
          orderId: applied.orderId,
          contact: applied.contact.trim(),
          orderState: applied.orderState,
          payState: applied.payState,
          startDate: applied.startDate,
          endDate: applied.endDate,
          supplierId: applied.supplierId,
          distributorId: applied.distributorId,
        },
      }),
    [applied, path],
  );
  const caption = (text: string) => (
    <Typography variant="caption" color="text.secondary" component="div">
      {text}
    </Typography>
  );
  const columns: Column<TicketOrder>[] = [
    {
      key: 'orderId',
      title: `${F}.orderId`,
      render: (r) => (
        <Link component={RouterLink} to={orderDetailPath(r.orderId)} data-testid={`order-${r.orderId}`}>
          {r.orderId}
        </Link>
      ),
    },
    {
      key: 'productName',
      title: `${F}.productName`,
      render: (r) => (
        <>
          {r.productName}
          {caption(r.scenicName)}
        </>
      ),
    },
    { key: 'visitDate', title: `${F}.visitDate` },
    { key: 'quantity', title: `${F}.quantity` },
    {
      key: 'contactName',
      title: `${F}.contact`,
      render: (r) => (
        <>
          {r.contactName || '--'}
          {caption(r.contactMobile)}
        </>
      ),
    },
    ...(kind === 'channel' ? [] : [{ key: 'distributorName', title: `${F}.distributorName` }]),
    ...(kind === 'supplier' ? [] : [{ key: 'supplierName', title: `${F}.supplierName` }]),
    { key: 'orderPrice', title: `${F}.orderPrice`, render: (r) => money(r.orderPrice) },
    { key: 'orderState', title: `${F}.orderState`, render: (r) => label(ORDER_STATE, r.orderState) },
    { key: 'payState', title: `${F}.payState`, render: (r) => label(PAY_STATE, r.payState) },
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
          <TextFilter label={`${F}.contactFilter`} value={f.draft.contact} onChange={(v) => f.set('contact', v)} testId="orders-contact" />
          <SelectFilter label={`${F}.orderState`} value={f.draft.orderState} onChange={(v) => f.set('orderState', v)} enumeration={ORDER_STATE} testId="orders-state" />
          <SelectFilter label={`${F}.payState`} value={f.draft.payState} onChange={(v) => f.set('payState', v)} enumeration={PAY_STATE} testId="orders-pay-state" />
          <DateFilter label={`${F}.visitFrom`} value={f.draft.startDate} onChange={(v) => f.set('startDate', v)} testId="orders-start" />
          <DateFilter label={`${F}.visitTo`} value={f.draft.endDate} onChange={(v) => f.set('endDate', v)} testId="orders-end" />
          {bySupplier && <SelectFilter label={`${F}.supplierName`} value={f.draft.supplierId} onChange={(v) => f.set('supplierId', v)} options={suppliers} testId="orders-supplier" />}
          {byDistributor && <SelectFilter label={`${F}.distributorName`} value={f.draft.distributorId} onChange={(v) => f.set('distributorId', v)} options={distributors} testId="orders-distributor" />}
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.orderId} testId={testId} />
    </ListPage>
  );
}
