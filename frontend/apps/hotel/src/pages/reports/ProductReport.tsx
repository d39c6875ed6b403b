// hotel-app's orders per product (GET /saas/order/hotelOrderReport/listProductSummary): the shared
// report page told the hotel, room nights and the hotel pages' message ids.
import { endpointOf, PERM, ProductReportPage, type ProductReportConfig } from '@tradewind/shared';
import type { ProductSummary } from './types';

export const REPORT: ProductReportConfig<ProductSummary> = {
  service: 'hotel-app',
  path: endpointOf(PERM.order.report),
  messages: 'hotel.report',
  place: 'hotelName',
  unit: 'roomNights',
  testId: 'hotel-report-table',
};

export default function ProductReport() {
  return <ProductReportPage config={REPORT} />;
}
