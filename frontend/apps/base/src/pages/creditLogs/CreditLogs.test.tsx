// The credit log against a stubbed finance-app: the rows in yuan with the spec's labels, and the
// spec's filters (date type, progress, state ...) as finance-app takes them.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PERM } from '@tradewind/shared';
import en from '../../messages/en';
import CreditLogList from './CreditLogList';
import { CREDIT_LOG_FILTERS, creditLogQuery, filtersProblem } from './creditLogQuery';
import type { CreditLog } from './types';
import { lastGet, pageOf, pick, query, renderPage, serve, setUpPageTests, type, type Call } from '@tradewind/shared/src/testing';
import { distributorChoices, distributorHolding, staffHolding } from '../../fixtures';

const row: CreditLog = {
  id: 5,
  supplierMchId: 2001,
  supplierName: 'Sunrise Hotels',
  distributorMchId: 2002,
  distributorName: 'Blue Travel',
  saleUserId: 3004,
  orderId: 880_001,
  productType: 10,
  productId: 21,
  productName: 'Sea-view King, breakfast for two',
  orderNumber: 'H20261125001',
  contactName: 'Li Lei',
  contactPhone: '13800000000',
  travelDate: '2026-12-01',
  endTravelDate: '2026-12-03',
  orderDate: 1_767_225_600_000,
  currencyCode: 'CNY',
  orderNum: 1,
  orderPrice: 136_000,
  supplierPrice: 116_000,
  distributorPrice: 136_000,
  receiptDate: 0,
  receiptProgress: 1,
  receiptId: 0,
  paymentDate: 0,
  paymentProgress: 1,
  paymentId: 0,
  statementPrice: 136_000,
  state: 2,
  createDate: 1_767_225_600_000,
};

function answer(c: Call) {
  if (c.url.pathname.endsWith('/distributorInfos/loadForSelect')) return distributorChoices;
  if (c.url.pathname.endsWith('/supplierInfos/loadForSelect')) return [{ id: 2001, name: 'Sunrise Hotels' }];
  return pageOf([row]);
}

setUpPageTests();

describe('the credit log’s filters', () => {
  it('send only what is set, the date type only with a date', () => {
    expect(creditLogQuery(CREDIT_LOG_FILTERS, 1, 20)).toEqual({ page: 1, resultNum: 20 });
    const f = { ...CREDIT_LOG_FILTERS, orderId: '88 0001', productName: ' Sea ', contact: ' 138', state: '2', receiptProgress: '1', paymentProgress: '3' };
    expect(Object.fromEntries(Object.entries(creditLogQuery(f, 2, 50)).filter(([, v]) => v !== undefined))).toEqual({
      page: 2,
      resultNum: 50,
      orderId: '880001',
      productName: 'Sea',
      contact: '138',
      state: '2',
      receiptProgress: '1',
      paymentProgress: '3',
    });
    expect(creditLogQuery({ ...CREDIT_LOG_FILTERS, dateType: '2', startDate: '2026-12-01' }, 1, 20)).toMatchObject({ dateType: '2', startDate: '2026-12-01', endDate: undefined });
    expect(creditLogQuery({ ...CREDIT_LOG_FILTERS, dateType: '0', endDate: '2026-12-01' }, 1, 20)).toMatchObject({ dateType: '0', endDate: '2026-12-01' });
  });
  it('refuse dates the wrong way round', () => {
    expect(filtersProblem({ ...CREDIT_LOG_FILTERS, startDate: '2026-12-02', endDate: '2026-12-01' })).toBe('base.common.datesReversed');
    expect(filtersProblem({ ...CREDIT_LOG_FILTERS, startDate: '2026-12-01', endDate: '2026-12-01' })).toBeNull();
  });
});

describe('credit log', () => {
  it('lists the orders in yuan with the spec’s labels, and filters them', async () => {
    staffHolding(PERM.creditLog.list, PERM.distributor.select, PERM.supplier.select);
    const calls = serve(answer);
    const { problems } = renderPage(CreditLogList, en);
    expect(await screen.findByText('H20261125001')).toBeTruthy();
    expect(screen.getByText('Deducted')).toBeTruthy();
    expect(screen.getByText('1160.00')).toBeTruthy();
    expect(screen.getAllByText('1360.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('None')).toHaveLength(2);
    expect(screen.getByText('Hotel × 1')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/finance-app/saas/credit/log/list')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/supplierInfos/loadForSelect'))).toBe(true));
    pick('Supplier', 'Sunrise Hotels');
    pick('Distributor', 'Red Tours');
    pick('Date of', 'Check-in date');
    type('creditlog-start', '2026-12-01');
    type('creditlog-end', '2026-12-31');
    pick('Receipt', 'Partial');
    pick('Payment', 'Full');
    pick('State', 'Pending cancel');
    pick('Product type', 'Hotel');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(query(lastGet(calls))).toEqual({
        page: '1',
        resultNum: '20',
        supplierMchId: '2001',
        distributorMchId: '2003',
        productType: '10',
        state: '4',
        receiptProgress: '2',
        paymentProgress: '3',
        dateType: '2',
        startDate: '2026-12-01',
        endDate: '2026-12-31',
      }),
    );
    expect(problems).toEqual([]);
  });

  it('shows a distributor its rows without the merchant filters or the supplier’s price', async () => {
    distributorHolding(PERM.creditLog.list);
    const calls = serve(() => pageOf([{ ...row, supplierPrice: undefined }]));
    renderPage(CreditLogList, en);
    expect(await screen.findByText('H20261125001')).toBeTruthy();
    expect(screen.queryByTestId('creditlog-supplier')).toBeNull();
    expect(screen.queryByTestId('creditlog-distributor')).toBeNull();
    expect(screen.queryByText('Supplier / distributor price')).toBeNull();
    expect(screen.getByText('Distributor price')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/loadForSelect'))).toBe(false);
  });
});
