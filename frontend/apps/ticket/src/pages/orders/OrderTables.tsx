// A ticket order's log on its detail page: GET /saas/log/ticketOrderLog/list?orderId= (oldest
// first), who (by role) did what, from which state to which, with the remark.
import { dateTime, ORDER_LOG_ACTION, ORDER_STATE, Section, SimpleTable, useEnumLabel, type SimpleColumn } from '@tradewind/shared';
import { LOG_ROLE, TICKET_LOG_ACTION } from '../../enums';
import type { TicketOrderLog } from './types';

const L = 'ticket.orderDetail.log';

export function LogTable({ logs }: { logs: TicketOrderLog[] }) {
  const label = useEnumLabel();
  // An order has no state before its creation (ticket-app logs 0 there, hotel-app -1).
  const state = (s: number, l: TicketOrderLog) => (s < 0 || l.action === 'create' ? '--' : label(ORDER_STATE, s));
  const columns: SimpleColumn<TicketOrderLog>[] = [
    { key: 'createDate', title: `${L}.createDate`, render: (l) => dateTime(l.createDate) },
    { key: 'role', title: `${L}.role`, render: (l) => label(LOG_ROLE, l.role) },
    { key: 'userId', title: `${L}.userId`, render: (l) => (l.userId > 0 ? l.userId : '--') },
    { key: 'action', title: `${L}.action`, render: (l) => label(TICKET_LOG_ACTION.values.includes(l.action) ? TICKET_LOG_ACTION : ORDER_LOG_ACTION, l.action) },
    { key: 'fromState', title: `${L}.fromState`, render: (l) => state(l.fromState, l) },
    { key: 'toState', title: `${L}.toState`, render: (l) => label(ORDER_STATE, l.toState) },
    { key: 'remark', title: `${L}.remark`, render: (l) => l.remark || '--' },
  ];
  return (
    <Section title="ticket.orderDetail.logs">
      <SimpleTable columns={columns} rows={logs} testId="order-logs" />
    </Section>
  );
}
