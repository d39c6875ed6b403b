// Top-ups and invoices against a stubbed saas-main: the tenant ticks successful top-ups and asks
// for an invoice (checked fields, a question naming the sum); the platform marks one issued.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '@tradewind/shared';
import en from '../../messages/en';
import ChargeList from './ChargeList';
import InvoiceList from './InvoiceList';
import type { ChargeRow, InvoiceRow } from './types';
import { choose, pageOf, renderPage, serve, setUpPageTests, type, writes } from '@tradewind/shared/src/testing';
import { staffHolding } from '../../fixtures';

const charge = (id: number, state: number, amount: number): ChargeRow => ({
  id,
  logType: 1,
  amount,
  balanceAfter: amount,
  state,
  serviceId: 0,
  remarks: 'bank transfer',
  createDate: 1_767_225_600_000,
  invoiceId: state === 1 ? 0 : 9,
});

const invoice: InvoiceRow = {
  id: 9,
  saasId: 1001,
  saasName: 'Demo Travel',
  invoiceType: 1,
  title: 'Demo Travel Ltd',
  taxNo: '91330100MA2B3C4D5E',
  email: 'finance@demo.com',
  addressPhone: '',
  bankAccount: '',
  remarks: '',
  amount: 150_000,
  logCount: 2,
  state: 2,
  invoiceNo: '',
  applicantId: 3001,
  issuerId: 0,
  createDate: 1_767_225_600_000,
  issueDate: null,
};

setUpPageTests();

describe('top-ups', () => {
  it('asks for an invoice over the ticked successful top-ups after the question', async () => {
    staffHolding('/saas/boss/charge/list:GET', '/saas/boss/invoice/save:POST');
    const calls = serve(() => pageOf([charge(1, 1, 120_000), charge(2, 1, 30_000), charge(3, 3, 5_000)]));
    renderPage(ChargeList, en);
    await screen.findByTestId('charge-pick-1');
    // An invoiced top-up cannot be ticked.
    expect(screen.queryByTestId('charge-pick-3')).toBeNull();
    fireEvent.click(screen.getByTestId('charge-pick-1'));
    fireEvent.click(screen.getByTestId('charge-pick-2'));
    fireEvent.click(screen.getByTestId('charge-ask-invoice'));
    expect(await screen.findByText('2 top-up(s), 1500.00 in all')).toBeTruthy();
    type('field-title', 'Demo Travel Ltd');
    type('field-taxNo', '1234');
    type('field-email', 'finance@demo.com');
    // The rules come before the question: a refused form asks nothing and sends nothing.
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('A taxpayer number has 15, 17, 18 or 20 letters and digits')).toBeTruthy();
    expect(screen.queryByTestId('confirm-yes')).toBeNull();
    expect(writes(calls)).toEqual([]);
    type('field-taxNo', '91330100ma2b3c4d5e');
    choose(/Invoice type/, 'Special VAT invoice');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(screen.getAllByText('Please enter Address and telephone').length).toBeGreaterThan(0));
    expect(writes(calls)).toEqual([]);
    type('field-addressPhone', '1 Lake Road, Hangzhou 0571-88886666');
    type('field-bankAccount', 'ICBC Hangzhou 1202020209900012345');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Ask for an invoice over 2 top-up(s) of 1500.00? They cannot be invoiced again.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/boss/invoice/save');
    expect(writes(calls)[0].body).toEqual({
      logIds: [1, 2],
      invoiceType: 2,
      title: 'Demo Travel Ltd',
      taxNo: '91330100MA2B3C4D5E',
      email: 'finance@demo.com',
      addressPhone: '1 Lake Road, Hangzhou 0571-88886666',
      bankAccount: 'ICBC Hangzhou 1202020209900012345',
      remarks: '',
    });
  });
});

describe('invoices', () => {
  it('shows a tenant its own requests without the issue action', async () => {
    staffHolding('/saas/boss/invoice/list:GET');
    const calls = serve(() => pageOf([invoice]));
    renderPage(InvoiceList, en);
    expect(await screen.findByText('Demo Travel Ltd')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/boss/invoice/list');
    expect(screen.queryByText('Mark issued')).toBeNull();
  });

  it('lets the platform mark a request issued with its number after the question', async () => {
    session.setUser({ id: 1, username: 'admin', saasId: 0, mchId: 0, mscType: 100 }, null);
    session.setPermissions(['/saas/platform/invoice/list:GET', '/saas/platform/invoice/issue:PUT', '/saas/boss/invoice/list:GET'].map((permCode) => ({ permCode, appId: 1 })));
    const calls = serve(() => pageOf([invoice]));
    renderPage(InvoiceList, en);
    expect(await screen.findByText('Demo Travel')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/platform/invoice/list');
    fireEvent.click(screen.getByText('Mark issued'));
    type('field-invoiceNo', '1234');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('An invoice number has 8 to 20 digits')).toBeTruthy();
    expect(screen.queryByTestId('confirm-yes')).toBeNull();
    expect(writes(calls)).toEqual([]);
    type('field-invoiceNo', '04400123456789012345');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Mark the invoice to "Demo Travel Ltd" (1500.00) as issued with this number?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { id: 9, invoiceNo: '04400123456789012345' } });
  });
});
