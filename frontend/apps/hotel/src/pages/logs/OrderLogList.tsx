// The tenant's order log, newest first: who did what to which order, from which state to which.
// hotel-app GET /saas/log/orderLog/list (operator only), filtered on an order and an action.
import { useCallback } from 'react';
import { Link } from '@mui/material';
import { api, dateTime, DataTable, type Column, type Page, ListPage, SelectFilter, TextFilter, useEnumLabel, useFilters } from '@tradewind/shared';
import { Link as RouterLink } from 'react-router-dom';
import { LOG_ACTION, ORDER_STATE } from '../../enums';
import { orderDetailPath } from '../orders/config';
import type { OrderLogEntry } from '../orders/types';

const EMPTY = { orderId: '', action: '' };
const F = 'hotel.orderLogs.fields';

export default function OrderLogList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<OrderLogEntry>>('hotel-app', '/saas/log/orderLog/list', {
        query: { page, resultNum: size, orderId: applied.orderId, action: applied.action },
      }),
    [applied],
  );
  // -1 is the state before the order's creation.
  const state = (s: number) => (s < 0 ? '--' : label(ORDER_STATE, s));
  const columns: Column<OrderLogEntry>[] = [
    { key: 'createDate', title: `${F}.createDate`, render: (l) => dateTime(l.createDate) },
    {
      key: 'orderId',
      title: `${F}.orderId`,
      render: (l) => (
        <Link component={RouterLink} to={orderDetailPath(l.orderId)} data-testid={`log-order-${l.id}`}>
          {l.orderId}
        </Link>
      ),
    },
    { key: 'username', title: `${F}.username` },
    { key: 'action', title: `${F}.action`, render: (l) => label(LOG_ACTION, l.action) },
    { key: 'fromState', title: `${F}.fromState`, render: (l) => state(l.fromState) },
    { key: 'toState', title: `${F}.toState`, render: (l) => state(l.toState) },
    { key: 'remark', title: `${F}.remark`, render: (l) => l.remark || '--' },
  ];
  return (
    <ListPage
      title="hotel.orderLogs.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <TextFilter label={`${F}.orderId`} value={f.draft.orderId} onChange={(v) => f.set('orderId', v)} digits testId="order-logs-order-id" />
          <SelectFilter label={`${F}.action`} value={f.draft.action} onChange={(v) => f.set('action', v)} enumeration={LOG_ACTION} width={200} testId="order-logs-action" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(l) => l.id} testId="hotel-order-logs-table" />
    </ListPage>
  );
}
