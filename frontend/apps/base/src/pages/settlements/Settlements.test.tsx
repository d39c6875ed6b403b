// Receipts, payments and reconciliation against a stubbed finance-app: the list and a receipt's
// detail, money recorded in fen, confirmed and reviewed after the spec's questions, the summary,
// and a receipt made of ticked orders.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@tradewind/shared';
import en from '../../messages/en';
import PaymentList from './PaymentList';
import ReceiptList from './ReceiptList';
import ReceiptLogList from './ReceiptLogList';
import ReceiptOrders from './ReceiptOrders';
import ReceiptSummary from './ReceiptSummary';
import { logBody, SIDES } from './sides';
import { selectable } from './VerifyOrderList';
import type { Row } from './types';
import { choose, optionsOf, pageOf, query, renderPage, serve, setUpPageTests, type, writes, type Call } from '@tradewind/shared/src/testing';
import { distributorChoices, staffHolding } from '../../fixtures';

const receipt: Row = {
  id: 71,
  distributorMchId: 2002,
  distributorName: 'Blue Travel',
  currencyCode: 'CNY',
  receiptPrice: 136_000,
  arrivalPrice: 36_000,
  receiptProgress: 2,
  orderCount: 1,
  confirmUser: 1,
  confirmUserName: 'demo',
  confirmDate: 1_767_225_600_000,
  checkUserId: 0,
  checkUserName: '',
  checkDate: 0,
  remark: 'November',
  state: 2,
};
const order: Row = {
  id: 5,
  orderId: 880_001,
  orderNumber: 'H20261125001',
  productType: 10,
  productName: 'Sea-view King',
  supplierMchId: 2001,
  supplierName: 'Sunrise Hotels',
  distributorMchId: 2002,
  distributorName: 'Blue Travel',
  travelDate: '2026-12-01',
  endTravelDate: '2026-12-03',
  orderDate: 1_767_225_600_000,
  currencyCode: 'CNY',
  orderPrice: 136_000,
  state: 2,
  receiptId: 71,
  receiptDue: 136_000,
  receiptReceived: 36_000,
  receiptProgress: 2,
  receiptDate: 1_767_225_600_000,
  receiptVerify: 1,
};
const logs: Row[] = [
  { id: 91, receiptId: 71, money: 36_000, serialId: 'TX-1', receiptDate: '2026-11-20', receiptInfo: 'ICBC', userName: 'demo', state: 1, bankId: 7, bankName: 'ICBC', accountNo: '6222000011112222' },
  { id: 92, receiptId: 71, money: 50_000, serialId: 'TX-2', receiptDate: '2026-11-25', receiptInfo: 'ICBC', userName: 'demo', state: 0 },
];
const CODES = Object.values(PERM.receipt);

function answer(c: Call) {
  const p = c.url.pathname;
  if (p.endsWith('/distributorInfos/loadForSelect')) return distributorChoices;
  if (p.endsWith('/bank/list'))
    return pageOf([
      { bankId: 7, bankName: 'ICBC', accountNo: '6222000011112222', currency: 'CNY', state: 1 },
      { bankId: 8, bankName: 'HSBC', accountNo: '400012345', currency: 'USD', state: 1 },
    ]);
  if (p.endsWith('/receiptLog/list')) return pageOf(logs.map((l) => ({ ...l, distributorMchId: 2002, distributorName: 'Blue Travel', currencyCode: 'CNY' })));
  if (p.endsWith('/receipt/load')) return { receipt, orders: [order], logs, prompts: {} };
  if (p.endsWith('/listDistributorReceiptSummary'))
    return pageOf([{ distributorMchId: 2002, distributorName: 'Blue Travel', currencyCode: 'CNY', orderCount: 3, receiptPrice: 300_000, arrivalPrice: 36_000, outstanding: 264_000, abnormalCount: 1 }]);
  if (p.endsWith('/listDistributorVerifyOrder')) return pageOf([order, { ...order, id: 6, orderNumber: 'H2', receiptId: 0, receiptReceived: 0, receiptVerify: 0 }]);
  if (c.method === 'POST') return { id: 93, receiptId: 72 };
  if (c.method === 'PUT') return receipt;
  return pageOf([receipt]);
}

setUpPageTests();

describe('the sides of settlement', () => {
  it('send a money record with the side’s own fields, in fen', () => {
    expect(logBody(SIDES.receipt, 71, { money: 50_000, bankId: 7, serialId: ' TX ', date: '2026-11-25', info: ' ICBC ', remark: '' })).toEqual({
      receiptId: 71,
      money: 50_000,
      bankId: 7,
      serialId: 'TX',
      receiptDate: '2026-11-25',
      receiptInfo: 'ICBC',
      remark: '',
    });
    expect(logBody(SIDES.payment, 8, { money: 1, bankId: 7, serialId: '', date: '2026-11-25', info: '', remark: 'x' })).toMatchObject({ paymentId: 8, payDate: '2026-11-25', paymentInfo: '' });
  });
  it('offer only orders in none, owing something and not failed', () => {
    expect(selectable(SIDES.receipt, order)).toBe(false);
    expect(selectable(SIDES.receipt, { ...order, receiptId: 0 })).toBe(true);
    expect(selectable(SIDES.receipt, { ...order, receiptId: 0, state: 3 })).toBe(false);
    expect(selectable(SIDES.receipt, { ...order, receiptId: 0, receiptDue: 0 })).toBe(false);
  });
});

describe('receipts', () => {
  it('lists the receipts and records, confirms and reviews money after the spec’s questions', async () => {
    staffHolding(...CODES, PERM.distributor.select, PERM.bank.list);
    const calls = serve(answer);
    const { problems } = renderPage(ReceiptList, en);
    expect(await screen.findByText('1360.00')).toBeTruthy();
    expect(screen.getByText('Receiving')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/finance-app/saas/finance/receipt/list');
    fireEvent.click(screen.getByTestId('settlement-detail-71'));
    const detail = await screen.findByTestId('settlement-detail');
    expect(await within(detail).findByText('H20261125001')).toBeTruthy();
    expect(within(detail).getByText('Partly reconciled')).toBeTruthy();
    expect(query(calls.find((c) => c.url.pathname.endsWith('/receipt/load')) as Call)).toEqual({ receiptId: '71' });

    fireEvent.click(within(detail).getByTestId('settlement-record'));
    const money = await screen.findByTestId('money-dialog');
    expect((within(money).getByTestId('field-money') as HTMLInputElement).value).toBe('1000.00');
    type('field-money', '500.5');
    type('field-serialId', 'TX-3');
    type('field-date', '2026-11-26');
    // The bank account is required, and only the tenant's accounts in the receipt's currency are offered.
    fireEvent.click(within(money).getByTestId('form-submit'));
    expect(await within(money).findByText(/Bank account/, { selector: 'p' })).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    await waitFor(() => expect(optionsOf(/Bank account/)).toEqual(['ICBC 6222000011112222']));
    expect(query(calls.find((c) => c.url.pathname.endsWith('/bank/list')) as Call)).toMatchObject({ state: '1' });
    choose(/Bank account/, 'ICBC 6222000011112222');
    fireEvent.click(within(money).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/finance-app/saas/finance/receiptLog/save');
    expect(writes(calls)[0].body).toEqual({ receiptId: 71, money: 50_050, bankId: 7, serialId: 'TX-3', receiptDate: '2026-11-26', receiptInfo: '', remark: '' });

    await waitFor(() => expect(screen.queryByTestId('money-dialog')).toBeNull());
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/receipt/load'))).toHaveLength(2));
    fireEvent.click(await within(detail).findByTestId('log-confirm-92'));
    expect(screen.getByText('Confirm this money has been received?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ method: 'PUT', body: { id: 92 } });
    expect(writes(calls)[1].url.pathname).toBe('/api/finance-app/saas/finance/receiptLog/confirm');

    fireEvent.click(within(detail).getByTestId('log-rollback-91'));
    expect(screen.getByText('Roll back the confirmation of this money?')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByText('Cancel'));

    fireEvent.click(within(detail).getByTestId('settlement-review'));
    expect(screen.getByText('Confirm receipt information is correct?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(3));
    expect(writes(calls)[2]).toMatchObject({ method: 'PUT', body: { receiptId: 71 } });
    expect(writes(calls)[2].url.pathname).toBe('/api/finance-app/saas/finance/receipt/review');
    expect(problems).toEqual([]);
  });

  it('asks “confirm payment information is correct?” before reviewing a payment', async () => {
    staffHolding(...Object.values(PERM.payment));
    const payment = { ...receipt, supplierMchId: 2001, supplierName: 'Sunrise Hotels', paymentPrice: 116_000, paymentProgress: 2 };
    serve((c) => (c.url.pathname.endsWith('/payment/load') ? { payment, orders: [], logs: [], prompts: {} } : pageOf([payment])));
    renderPage(PaymentList, en);
    fireEvent.click(await screen.findByTestId('settlement-detail-71'));
    fireEvent.click(await screen.findByTestId('settlement-review'));
    expect(screen.getByText('Confirm payment information is correct?')).toBeTruthy();
  });

  it('sums each distributor up and opens its orders', async () => {
    staffHolding(...CODES, PERM.distributor.select);
    serve(answer);
    renderPage(ReceiptSummary, en);
    expect(await screen.findByText('2640.00')).toBeTruthy();
    fireEvent.click(screen.getByTestId('summary-orders-2002'));
    expect(screen.getByTestId('location').textContent).toBe('/saas-app/finance/verify/listDistributorVerifyOrder?mchId=2002');
  });

  it('makes a receipt of the ticked orders', async () => {
    staffHolding(...CODES, PERM.distributor.select);
    const calls = serve(answer);
    renderPage(ReceiptOrders, en, '/saas-app/finance/verify/listDistributorVerifyOrder?mchId=2002');
    expect(await screen.findByText('H2')).toBeTruthy();
    expect(query(calls[0])).toMatchObject({ distributorMchId: '2002' });
    expect(screen.queryByTestId('pick-5')).toBeNull();
    fireEvent.click(screen.getByTestId('pick-6'));
    fireEvent.click(screen.getByTestId('settlement-make'));
    const dialog = await screen.findByTestId('make-dialog');
    type('field-remark', 'November');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/finance-app/saas/finance/verify/VerifyDistributorOrderList');
    expect(writes(calls)[0].body).toEqual({ creditLogIds: [6], remark: 'November' });
  });
});

describe('the money received across receipts', () => {
  it('lists every record with its bank account, filtered, and opens its receipt', async () => {
    staffHolding(...CODES, PERM.distributor.select);
    const calls = serve(answer);
    const { problems } = renderPage(ReceiptLogList, en);
    expect(await screen.findByText('TX-2')).toBeTruthy();
    expect(screen.getByText('ICBC 6222000011112222')).toBeTruthy();
    expect(screen.getAllByText('Blue Travel').length).toBeGreaterThan(0);
    type('settlement-log-start', '2026-11-01');
    type('settlement-log-end', '2026-11-30');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/receiptLog/list'))).toHaveLength(2));
    expect(query(calls.filter((c) => c.url.pathname.endsWith('/receiptLog/list'))[1])).toMatchObject({ startDate: '2026-11-01', endDate: '2026-11-30' });
    fireEvent.click(screen.getByTestId('log-settlement-91'));
    const detail = await screen.findByTestId('settlement-detail');
    expect(await within(detail).findByText('H20261125001')).toBeTruthy();
    expect(problems).toEqual([]);
  });
});
