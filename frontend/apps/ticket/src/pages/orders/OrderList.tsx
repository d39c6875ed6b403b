// The ticket order lists, newest first: the tenant's (GET /saas/order/ticketSys/list), a
// supplier's (/saas/order/ticketSupplier/list: its products' orders) and a distributor's
// (/saas/order/ticketChannel/list: the orders it booked), on the shared order list. The dates are
// the visit's; ticket-app adds, for the tenant's staff, the supplier and the distributor, and for
// everyone a channel's order number (exact). A channel's order shows where it came from: the
// channel's order number, its configuration (to those who may read the configurations) and, but
// to the supplier, the price the channel sold it at; an order booked here shows a dash.
import { Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import {
  dateTime,
  money,
  ORDER_STATE,
  OrderListPage,
  PAY_STATE,
  SelectFilter,
  TextFilter,
  useEnumLabel,
  useIsTenantStaff,
  useMerchantOptions,
  type Column,
  type OrderFilters,
  type OrderListKind,
  type OrderListSpec,
} from '@tradewind/shared';
import { useChannelConfigNames } from '../channels/channels';
import { ORDER_PAGES } from './config';
import type { TicketOrder } from './types';

const LISTS: Record<OrderListKind, OrderListSpec> = {
  sys: { path: '/saas/order/ticketSys/list', title: 'ticket.orders.sysTitle', testId: 'ticket-orders-table' },
  supplier: { path: '/saas/order/ticketSupplier/list', title: 'ticket.orders.supplierTitle', testId: 'ticket-supplier-orders-table' },
  channel: { path: '/saas/order/ticketChannel/list', title: 'ticket.orders.channelTitle', testId: 'ticket-channel-orders-table' },
};

const EXTRA = { supplierId: '', distributorId: '', channelOrderId: '' };
const F = ORDER_PAGES.messages.fields;
const LABELS = { contact: `${F}.contactFilter`, startDate: `${F}.visitFrom`, endDate: `${F}.visitTo` };

function extraQuery(a: OrderFilters<typeof EXTRA>) {
  return { supplierId: a.supplierId, distributorId: a.distributorId, channelOrderId: a.channelOrderId.trim() };
}

const caption = (text: string) => (
  <Typography variant="caption" color="text.secondary" component="div">
    {text}
  </Typography>
);

export function OrderList({ kind }: { kind: OrderListKind }) {
  const label = useEnumLabel();
  const staff = useIsTenantStaff();
  // The tenant's staff narrow by merchant; a merchant sees its own side only.
  const bySupplier = staff && kind !== 'channel';
  const byDistributor = staff && kind !== 'supplier';
  const suppliers = useMerchantOptions('supplier', bySupplier);
  const distributors = useMerchantOptions('distributor', byDistributor);
  const intl = useIntl();
  const configName = useChannelConfigNames();
  // What the channel sold at is the distributor's business, not the supplier's.
  const showsChannelPrice = staff || kind !== 'supplier';
  const channelOf = (r: TicketOrder) => {
    if (!r.channelOrderId) return '--';
    const config = configName(r.configId);
    return (
      <>
        <span data-testid={`order-channel-${r.orderId}`}>{r.channelOrderId}</span>
        {config && caption(config)}
        {showsChannelPrice && caption(intl.formatMessage({ id: 'ticket.orders.channelPriceOf' }, { price: money(r.channelPrice) }))}
      </>
    );
  };
  const columns: Column<TicketOrder>[] = [
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
    { key: 'channelOrderId', title: `${F}.channelOrder`, render: channelOf },
    { key: 'orderState', title: `${F}.orderState`, render: (r) => label(ORDER_STATE, r.orderState) },
    { key: 'payState', title: `${F}.payState`, render: (r) => label(PAY_STATE, r.payState) },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
  ];
  return (
    <OrderListPage
      config={ORDER_PAGES}
      list={LISTS[kind]}
      extra={EXTRA}
      extraQuery={extraQuery}
      labels={LABELS}
      beforeDates={(f) => <TextFilter label={`${F}.channelOrderId`} value={f.draft.channelOrderId} onChange={(v) => f.set('channelOrderId', v)} testId="orders-channel-order-id" />}
      afterDates={(f) => (
        <>
          {bySupplier && <SelectFilter label={`${F}.supplierName`} value={f.draft.supplierId} onChange={(v) => f.set('supplierId', v)} options={suppliers} testId="orders-supplier" />}
          {byDistributor && <SelectFilter label={`${F}.distributorName`} value={f.draft.distributorId} onChange={(v) => f.set('distributorId', v)} options={distributors} testId="orders-distributor" />}
        </>
      )}
      columns={columns}
    />
  );
}
