// The credit log's filters as finance-app's GET /saas/credit/log/list takes them: empty ones are
// not sent (finance-app's "all"), the order id in digits, the product name and contact trimmed,
// and the date type only with a date (what `startDate`/`endDate` apply to: 0 pay date, 1 order
// date, 2 check-in date, 3 end date).

export const CREDIT_LOG_FILTERS = {
  supplierMchId: '',
  distributorMchId: '',
  productType: '',
  orderId: '',
  productName: '',
  contact: '',
  state: '',
  receiptProgress: '',
  paymentProgress: '',
  dateType: '1',
  startDate: '',
  endDate: '',
};
export type CreditLogFilters = typeof CREDIT_LOG_FILTERS;

/** The message id of what stops an inquiry (the dates the wrong way round), or null. */
export function filtersProblem(f: CreditLogFilters): string | null {
  if (f.startDate && f.endDate && f.startDate > f.endDate) return 'base.common.datesReversed';
  return null;
}

export function creditLogQuery(f: CreditLogFilters, page: number, size: number): Record<string, string | number | undefined> {
  const dated = f.startDate !== '' || f.endDate !== '';
  const orderId = f.orderId.replace(/\D/g, '');
  return {
    page,
    resultNum: size,
    supplierMchId: f.supplierMchId || undefined,
    distributorMchId: f.distributorMchId || undefined,
    productType: f.productType || undefined,
    orderId: orderId || undefined,
    productName: f.productName.trim() || undefined,
    contact: f.contact.trim() || undefined,
    state: f.state || undefined,
    receiptProgress: f.receiptProgress || undefined,
    paymentProgress: f.paymentProgress || undefined,
    dateType: dated ? f.dateType : undefined,
    startDate: f.startDate || undefined,
    endDate: f.endDate || undefined,
  };
}
