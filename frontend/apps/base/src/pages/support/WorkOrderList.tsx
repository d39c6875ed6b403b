// Work orders: every tenant's support tickets, for the platform's support staff
// (GET /saas/platform/workOrder/list).
import { TicketPage } from './TicketList';

export default function WorkOrderList() {
  return <TicketPage support />;
}
