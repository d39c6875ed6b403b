// ticket-app's orders per product (GET /saas/order/ticketOrderReport/listProductSummary): the
// shared report page told the scenic spot, tickets and the ticket pages' message ids.
import { endpointOf, PERM, ProductReportPage, type ProductReportConfig } from '@tradewind/shared';
import type { ProductSummary } from './types';

export const REPORT: ProductReportConfig<ProductSummary> = {
  service: 'ticket-app',
  path: endpointOf(PERM.ticketOrder.report),
  messages: 'ticket.report',
  place: 'scenicName',
  unit: 'ticketNum',
  testId: 'ticket-report-table',
};

export default function ProductReport() {
  return <ProductReportPage config={REPORT} />;
}
