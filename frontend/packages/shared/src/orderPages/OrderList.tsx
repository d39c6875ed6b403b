// An order list of hotel-app or ticket-app, newest first: the filters every order list has (order
// number, contact, order and payment state, a date range) with those the service adds, the orders
// each linking to its detail, and the rest of the columns as the application names them. A link's
// `?orderId=` (a notification's) opens the list filtered on that order; Reset then leaves it.
import { useCallback, type ReactNode } from 'react';
import { Link } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { api, type Page } from '../api';
import { DataTable, type Column } from '../components/DataTable';
import { ListPage } from '../components/ListPage';
import { DateFilter, SelectFilter, TextFilter } from '../components/filters';
import { useFilters, type Filters } from '../components/useFilters';
import { ORDER_STATE, PAY_STATE } from '../orders';
import type { OrderPagesConfig } from './config';

/** The three lists: the tenant's, a supplier's, a distributor's. */
export type OrderListKind = 'sys' | 'supplier' | 'channel';

/** One list: the service's path, the page's title (a message id) and the table's test id. */
export interface OrderListSpec {
  path: string;
  title: string;
  testId: string;
}

/** The filters every order list has. */
export interface CommonOrderFilters {
  orderId: string;
  contact: string;
  orderState: string;
  payState: string;
  startDate: string;
  endDate: string;
}

export type OrderFilters<X> = CommonOrderFilters & X;

export interface OrderListPageProps<Row extends { orderId: number }, X extends Record<string, string>> {
  config: OrderPagesConfig;
  list: OrderListSpec;
  /** The service's own filters, as Reset leaves them. */
  extra: X;
  /** What the service is sent of its own filters (a module-level function: the table reloads when it changes). */
  extraQuery: (applied: OrderFilters<X>) => Record<string, string | undefined>;
  /** Message ids of the contact filter's and the dates' labels (what the dates are of differs). */
  labels: { contact: string; startDate: string; endDate: string };
  /** The service's own filters, drawn before the dates and after them. */
  beforeDates?: (f: Filters<OrderFilters<X>>) => ReactNode;
  afterDates?: (f: Filters<OrderFilters<X>>) => ReactNode;
  /** The columns after the order number. */
  columns: Column<Row>[];
}

const COMMON: CommonOrderFilters = { orderId: '', contact: '', orderState: '', payState: '', startDate: '', endDate: '' };

export function OrderListPage<Row extends { orderId: number }, X extends Record<string, string>>(props: OrderListPageProps<Row, X>) {
  const [params, setParams] = useSearchParams();
  const fromUrl = (params.get('orderId') ?? '').replace(/\D/g, '');
  // A new `?orderId=` opens the list afresh on that order.
  return <OrderListView key={fromUrl} {...props} orderId={fromUrl} leaveUrl={() => setParams({}, { replace: true })} />;
}

function OrderListView<Row extends { orderId: number }, X extends Record<string, string>>({
  config,
  list,
  extra,
  extraQuery,
  labels,
  beforeDates,
  afterDates,
  columns,
  orderId,
  leaveUrl,
}: OrderListPageProps<Row, X> & { orderId: string; leaveUrl: () => void }) {
  const empty: OrderFilters<X> = { ...COMMON, ...extra };
  const f = useFilters(empty, { ...empty, orderId });
  const { applied } = f;
  // The common filters are strings whatever the service adds.
  const set = f.set as (key: keyof CommonOrderFilters, value: string) => void;
  const { service, messages, detailPath } = config;
  const { path } = list;
  const F = messages.fields;
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<Row>>(service, path, {
        query: {
          page,
          resultNum: size,
          orderId: applied.orderId,
          contact: applied.contact.trim(),
          orderState: applied.orderState,
          payState: applied.payState,
          startDate: applied.startDate,
          endDate: applied.endDate,
          ...extraQuery(applied),
        },
      }),
    [applied, service, path, extraQuery],
  );
  const all: Column<Row>[] = [
    {
      key: 'orderId',
      title: `${F}.orderId`,
      render: (r) => (
        <Link component={RouterLink} to={detailPath(r.orderId)} data-testid={`order-${r.orderId}`}>
          {r.orderId}
        </Link>
      ),
    },
    ...columns,
  ];
  return (
    <ListPage
      title={list.title}
      onInquire={f.inquire}
      onReset={orderId ? leaveUrl : f.reset}
      filters={
        <>
          <TextFilter label={`${F}.orderId`} value={f.draft.orderId} onChange={(v) => set('orderId', v)} digits testId="orders-order-id" />
          <TextFilter label={labels.contact} value={f.draft.contact} onChange={(v) => set('contact', v)} testId="orders-contact" />
          <SelectFilter label={`${F}.orderState`} value={f.draft.orderState} onChange={(v) => set('orderState', v)} enumeration={ORDER_STATE} testId="orders-state" />
          <SelectFilter label={`${F}.payState`} value={f.draft.payState} onChange={(v) => set('payState', v)} enumeration={PAY_STATE} testId="orders-pay-state" />
          {beforeDates?.(f)}
          <DateFilter label={labels.startDate} value={f.draft.startDate} onChange={(v) => set('startDate', v)} testId="orders-start" />
          <DateFilter label={labels.endDate} value={f.draft.endDate} onChange={(v) => set('endDate', v)} testId="orders-end" />
          {afterDates?.(f)}
        </>
      }
    >
      <DataTable columns={all} load={load} reloadKey={f.generation} rowKey={(r) => r.orderId} testId={list.testId} />
    </ListPage>
  );
}
