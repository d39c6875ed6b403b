// An order's guests, nightly prices and log on its detail page.
import { dateTime, money, Section, SimpleTable, type SimpleColumn, useEnumLabel } from '@tradewind/shared';
import { LOG_ACTION, ORDER_STATE, STOCK_SOURCE } from '../../enums';
import type { OrderGuest, OrderLogEntry, OrderNight } from './types';

const G = 'hotel.orderDetail.guest';
const N = 'hotel.orderDetail.night';
const L = 'hotel.orderDetail.log';

export function GuestTable({ guests }: { guests: OrderGuest[] }) {
  const columns: SimpleColumn<OrderGuest>[] = [
    { key: 'name', title: `${G}.name`, render: (g) => g.name },
    { key: 'phone', title: `${G}.phone`, render: (g) => g.phone || '--' },
    // The ID type codes (0-12) have no labels in the services; shown as they are.
    { key: 'idType', title: `${G}.idType`, render: (g) => g.idType },
    { key: 'idNo', title: `${G}.idNo`, render: (g) => g.idNo || '--' },
    { key: 'country', title: `${G}.country`, render: (g) => g.country || '--' },
  ];
  return (
    <Section title="hotel.orderDetail.guests">
      <SimpleTable columns={columns} rows={guests} testId="order-guests" />
    </Section>
  );
}

/** `withPurchase`: the caller sees the supplier's prices (not a distributor). */
export function NightTable({ nights, withPurchase }: { nights: OrderNight[]; withPurchase: boolean }) {
  const label = useEnumLabel();
  const columns: SimpleColumn<OrderNight>[] = [
    { key: 'day', title: `${N}.day`, render: (n) => n.day },
    { key: 'price', title: `${N}.price`, render: (n) => money(n.price) },
    ...(withPurchase ? [{ key: 'purchasePrice', title: `${N}.purchasePrice`, render: (n: OrderNight) => money(n.purchasePrice) }] : []),
    { key: 'stockSource', title: `${N}.stockSource`, render: (n) => label(STOCK_SOURCE, n.stockSource) },
  ];
  return (
    <Section title="hotel.orderDetail.nights">
      <SimpleTable columns={columns} rows={nights} testId="order-nights" />
    </Section>
  );
}

export function LogTable({ logs }: { logs: OrderLogEntry[] }) {
  const label = useEnumLabel();
  const state = (s: number) => (s < 0 ? '--' : label(ORDER_STATE, s));
  const columns: SimpleColumn<OrderLogEntry>[] = [
    { key: 'createDate', title: `${L}.createDate`, render: (l) => dateTime(l.createDate) },
    { key: 'username', title: `${L}.username`, render: (l) => l.username },
    { key: 'action', title: `${L}.action`, render: (l) => label(LOG_ACTION, l.action) },
    { key: 'fromState', title: `${L}.fromState`, render: (l) => state(l.fromState) },
    { key: 'toState', title: `${L}.toState`, render: (l) => state(l.toState) },
    { key: 'remark', title: `${L}.remark`, render: (l) => l.remark || '--' },
  ];
  return (
    <Section title="hotel.orderDetail.logs">
      <SimpleTable columns={columns} rows={logs} testId="order-logs" />
    </Section>
  );
}
