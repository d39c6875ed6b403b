// The bank accounts against a stubbed finance-app: the list, adding one (its rules first), a
// number already taken refused under the number, disabling after the question.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@tradewind/shared';
import en from '../../messages/en';
import BankList from './BankList';
import { isAccountNo } from './bankForm';
import type { Bank } from './types';
import { lastGet, pageOf, pick, query, renderPage, serve, serveRefusing, setUpPageTests, type, writes, type Call } from '@tradewind/shared/src/testing';
import { staffHolding } from '../../fixtures';

const bank: Bank = {
  bankId: 31,
  bankName: '中国工商银行',
  accountName: 'Demo Travel',
  accountNo: '6222021202001234567',
  branch: '杭州分行',
  currency: 'CNY',
  remark: '',
  state: 1,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};
const CODES = [PERM.bank.list, PERM.bank.save, PERM.bank.update, PERM.bank.disable];
const answer = (c: Call) => (c.method === 'GET' ? pageOf([bank, { ...bank, bankId: 32, accountNo: '1234-5678', state: 0 }]) : { bankId: 33 });

setUpPageTests();

describe('bank accounts', () => {
  it('checks account numbers as finance-app does', () => {
    expect(isAccountNo('6222 0212 3456 7890')).toBe(true);
    expect(isAccountNo('1234-5678')).toBe(true);
    expect(isAccountNo('12-3')).toBe(false);
    expect(isAccountNo('12ab5678')).toBe(false);
  });

  it('lists the accounts, filtered by keyword and state', async () => {
    staffHolding(...CODES);
    const calls = serve(answer);
    const { problems } = renderPage(BankList, en);
    expect(await screen.findByText('6222021202001234567')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    type('banks-keyword', ' 6222 ');
    pick('State', 'In use');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', keyword: '6222', state: '1' }));
    expect(problems).toEqual([]);
  });

  it('adds an account after its rules, and shows a number already taken under the number', async () => {
    staffHolding(...CODES);
    const calls = serveRefusing(answer, (c) => (c.method === 'POST' ? { field: 'accountNo', reason: 'the tenant has a bank account with this number' } : null));
    renderPage(BankList, en);
    fireEvent.click(await screen.findByTestId('bank-add'));
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Bank')).toBeTruthy();
    type('field-bankName', 'Bank of China');
    type('field-accountName', 'Demo Travel');
    type('field-accountNo', '12x');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('An account number is 4 to 40 digits (dashes allowed)')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    type('field-accountNo', '6217 0000 1111');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('the tenant has a bank account with this number')).toBeTruthy();
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      body: { bankName: 'Bank of China', accountName: 'Demo Travel', accountNo: '621700001111', branch: '', currency: 'CNY', remark: '' },
    });
    expect(writes(calls)[0].url.pathname).toBe('/api/finance-app/saas/finance/bank/save');
  });

  it('changes an account, disables one and enables another after the question', async () => {
    staffHolding(...CODES);
    const calls = serve(answer);
    renderPage(BankList, en);
    fireEvent.click(await screen.findByTestId('bank-edit-31'));
    type('field-remark', 'receipts only');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { bankId: 31, accountNo: '6222021202001234567', remark: 'receipts only' } });
    await waitFor(() => expect(screen.queryByTestId('bank-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('bank-state-31'));
    expect(within(screen.getByTestId('confirm-dialog')).getByText(/Disable the bank account 中国工商银行 6222021202001234567\?/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ method: 'PUT', body: { bankId: 31, state: 0 } });
    expect(writes(calls)[1].url.pathname).toBe('/api/finance-app/saas/finance/bank/disable');
    fireEvent.click(screen.getByTestId('bank-state-32'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(3));
    expect(writes(calls)[2].body).toEqual({ bankId: 32, state: 1 });
  });
});
