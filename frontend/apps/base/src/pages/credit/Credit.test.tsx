// The credit limits against a stubbed finance-app: the list in yuan, setting and changing a
// distributor's limits with a reason (sent in fen), finance-app's 412 under its field, and the
// change log.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@tradewind/shared';
import en from '../../messages/en';
import CreditList from './CreditList';
import { limitBody, limitValues } from './limits';
import type { LimitChange } from './types';
import { choose, lastGet, pageOf, pick, query, renderPage, serve, serveRefusing, setUpPageTests, type, writes, type Call } from '@tradewind/shared/src/testing';
import { account, distributorChoices, distributorHolding, staffHolding } from '../../fixtures';

const change: LimitChange = {
  id: 7,
  mchId: 2002,
  userId: 3001,
  username: 'demo',
  reason: 'peak season',
  creditBefore: 4_000_000,
  creditAfter: 5_000_000,
  tempCreditBefore: 0,
  tempCreditAfter: 1_000_000,
  tempCreditExpiryBefore: '',
  tempCreditExpiryAfter: '2026-12-31',
  stateBefore: 1,
  stateAfter: 1,
  createDate: 1_767_225_600_000,
};

const CODES = [PERM.credit.list, PERM.credit.update, PERM.credit.changes, PERM.distributor.select];

function answer(c: Call) {
  if (c.url.pathname.endsWith('/distributorInfos/loadForSelect')) return distributorChoices;
  if (c.url.pathname.endsWith('/credit/changes')) return pageOf([change]);
  if (c.method === 'PUT') return account;
  return pageOf([account]);
}

setUpPageTests();

describe('the limits form', () => {
  it('starts from the account in yuan and sends fen', () => {
    const v = limitValues(account);
    expect(v).toMatchObject({ mchId: '2002', credit: '50000.00', tempCredit: '10000.00', tempCreditExpiry: '2026-12-31', state: '1' });
    expect(limitBody({ ...v, credit: '60000.1', reason: ' more sales ' })).toEqual({
      mchId: 2002,
      credit: 6_000_010,
      tempCredit: 1_000_000,
      tempCreditExpiry: '2026-12-31',
      state: 1,
      reason: 'more sales',
    });
    // No temporary credit: no last day is sent.
    expect(limitBody({ ...v, tempCredit: '', reason: 'x' })).toMatchObject({ tempCredit: 0, tempCreditExpiry: '' });
  });
});

describe('credit limits', () => {
  it('lists the accounts in yuan, filtered by distributor and state', async () => {
    staffHolding(...CODES);
    const calls = serve(answer);
    const { problems } = renderPage(CreditList, en);
    expect(await screen.findByText('Blue Travel')).toBeTruthy();
    expect(screen.getByText('50000.00')).toBeTruthy();
    expect(screen.getByText('64876.55')).toBeTruthy();
    expect(screen.getByText('123.45')).toBeTruthy();
    const list = calls.find((c) => c.url.pathname === '/api/finance-app/saas/finance/credit/list');
    expect(list && query(list)).toEqual({ page: '1', resultNum: '20' });
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/distributorInfos/loadForSelect'))).toBe(true));
    pick('Distributor', 'Red Tours');
    pick('Credit state', 'Invalid');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', mchId: '2003', state: '0' }));
    expect(problems).toEqual([]);
  });

  it('changes the limits with a reason, in fen, and asks for the reason first', async () => {
    staffHolding(...CODES);
    const calls = serve(answer);
    renderPage(CreditList, en);
    fireEvent.click(await screen.findByTestId('credit-edit-2002'));
    expect(screen.getByTestId('credit-now').textContent).toContain('available 64876.55');
    type('field-credit', '60000.5');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Reason')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    type('field-reason', 'Peak season');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/finance-app/saas/finance/credit/update');
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      body: { mchId: 2002, credit: 6_000_050, tempCredit: 1_000_000, tempCreditExpiry: '2026-12-31', state: 1, reason: 'Peak season' },
    });
    await waitFor(() => expect(screen.queryByTestId('credit-dialog')).toBeNull());
  });

  it('needs the last day of a temporary credit, and shows finance-app’s 412 under its field', async () => {
    staffHolding(...CODES);
    const calls = serveRefusing(answer, (c) => (c.method === 'PUT' ? { field: 'credit', reason: 'must be 0 to 10,000,000,000 yuan, in fen' } : null));
    renderPage(CreditList, en);
    fireEvent.click(await screen.findByTestId('credit-add'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/distributorInfos/loadForSelect'))).toBe(true));
    choose(/Distributor/, 'Red Tours');
    type('field-credit', '1000');
    type('field-tempCredit', '200');
    type('field-reason', 'new distributor');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('A temporary credit needs its last day')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    type('field-tempCreditExpiry', '2026-12-31');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('must be 0 to 10,000,000,000 yuan, in fen')).toBeTruthy();
    expect(writes(calls)[0].body).toEqual({ mchId: 2003, credit: 100_000, tempCredit: 20_000, tempCreditExpiry: '2026-12-31', state: 1, reason: 'new distributor' });
    expect(screen.getByTestId('credit-dialog')).toBeTruthy();
  });

  it('shows the change log of a distributor: who, why, before and after', async () => {
    staffHolding(...CODES);
    const calls = serve(answer);
    renderPage(CreditList, en);
    fireEvent.click(await screen.findByTestId('credit-history-2002'));
    const log = await screen.findByTestId('credit-changes');
    expect(await within(log).findByText('peak season')).toBeTruthy();
    expect(within(log).getByText('demo')).toBeTruthy();
    expect(within(log).getByText('40000.00')).toBeTruthy();
    expect(within(log).getByText('50000.00')).toBeTruthy();
    const asked = calls.find((c) => c.url.pathname === '/api/finance-app/saas/finance/credit/changes');
    expect(asked && query(asked)).toEqual({ page: '1', resultNum: '20', mchId: '2002' });
  });

  it('shows a distributor its own account, without the distributor filter or the change button', async () => {
    distributorHolding(PERM.credit.list, PERM.credit.changes);
    const calls = serve(answer);
    renderPage(CreditList, en);
    expect(await screen.findByText('Blue Travel')).toBeTruthy();
    expect(screen.queryByTestId('credit-distributor')).toBeNull();
    expect(screen.queryByTestId('credit-edit-2002')).toBeNull();
    expect(screen.queryByTestId('credit-add')).toBeNull();
    expect(screen.getByTestId('credit-history-2002')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/loadForSelect'))).toBe(false);
  });
});
