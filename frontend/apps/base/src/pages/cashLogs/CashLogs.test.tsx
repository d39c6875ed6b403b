// The cash log against a stubbed finance-app: the movements in yuan, filtered by distributor,
// direction and days; money in and out after the question, sent in signed fen; the 412 under the
// amount.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@tradewind/shared';
import en from '../../messages/en';
import CashLogList from './CashLogList';
import { cashBody, cashValues } from './cash';
import type { CashLog } from './types';
import { choose, lastGet, pageOf, pick, query, renderPage, serve, serveRefusing, setUpPageTests, type, writes, type Call } from '@tradewind/shared/src/testing';
import { account, distributorChoices, staffHolding } from '../../fixtures';

const rows: CashLog[] = [
  { id: 9, mchId: 2002, mchName: 'Blue Travel', currency: 'CNY', money: 500_000, balance: 500_000, userId: 3001, username: 'demo', remark: 'bank transfer 0042', createDate: 1_767_225_600_000 },
  { id: 10, mchId: 2002, mchName: '', currency: 'CNY', money: -12_050, balance: 487_950, userId: 3001, username: 'demo', remark: 'refund', createDate: 1_767_312_000_000 },
];
const CODES = [PERM.cashLog.list, PERM.cashLog.save, PERM.distributor.select];

function answer(c: Call) {
  if (c.url.pathname.endsWith('/distributorInfos/loadForSelect')) return distributorChoices;
  if (c.method === 'POST') return account;
  return pageOf(rows);
}

setUpPageTests();

describe('the cash form', () => {
  it('sends money in as positive fen and money out as negative fen', () => {
    expect(cashBody({ ...cashValues('2002'), money: '120.5', remark: ' deposit ' })).toEqual({ mchId: 2002, money: 12_050, remark: 'deposit' });
    expect(cashBody({ ...cashValues('2002', '2'), money: '0.07', remark: 'fee' })).toEqual({ mchId: 2002, money: -7, remark: 'fee' });
  });
});

describe('cash log', () => {
  it('lists the movements with the distributor’s name, filtered by direction and days', async () => {
    staffHolding(...CODES);
    const calls = serve(answer);
    const { problems } = renderPage(CashLogList, en);
    expect(await screen.findByText('bank transfer 0042')).toBeTruthy();
    expect(screen.getByText('-120.50')).toBeTruthy();
    expect(screen.getByText('Money out')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Blue Travel')).toHaveLength(2));
    pick('In / out', 'Money in');
    type('cash-start', '2026-11-01');
    type('cash-end', '2026-11-30');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', direction: '1', startDate: '2026-11-01', endDate: '2026-11-30' }));
    // Dates the wrong way round are not asked.
    const before = calls.length;
    type('cash-start', '2026-12-01');
    fireEvent.click(screen.getByTestId('search-inquire'));
    expect(calls.length).toBe(before);
    expect(problems).toEqual([]);
  });

  it('takes money out after the question, and shows finance-app’s refusal under the amount', async () => {
    staffHolding(...CODES);
    const calls = serveRefusing(answer, (c) => (c.method === 'POST' ? { field: 'money', reason: 'more than the balance' } : null));
    renderPage(CashLogList, en);
    fireEvent.click(await screen.findByTestId('cash-add'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/distributorInfos/loadForSelect'))).toBe(true));
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please select Distributor')).toBeTruthy();
    choose(/Distributor/, 'Blue Travel');
    choose(/In \/ out/, 'Money out');
    type('field-money', '0');
    type('field-remark', 'refund to the distributor');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('The amount must be more than 0')).toBeTruthy();
    type('field-money', '6000');
    fireEvent.click(screen.getByTestId('form-submit'));
    const question = await screen.findByTestId('confirm-dialog');
    expect(within(question).getByText("Take 6000.00 yuan out of Blue Travel's balance?")).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-yes'));
    expect(await screen.findByText('more than the balance')).toBeTruthy();
    expect(writes(calls)[0].url.pathname).toBe('/api/finance-app/saas/cash/log/save');
    expect(writes(calls)[0].body).toEqual({ mchId: 2002, money: -600_000, remark: 'refund to the distributor' });
    expect(screen.getByTestId('cash-dialog')).toBeTruthy();
  });
});
