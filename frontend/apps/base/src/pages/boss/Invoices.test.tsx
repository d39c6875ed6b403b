// Top-ups and invoices against a stubbed saas-main: the tenant ticks successful top-ups and asks
// for an invoice (checked fields, a question naming the sum); the platform marks one issued. A
// request being invoiced can be withdrawn by the tenant or refused by the platform with a reason
// (a question first), which the tenant reads under the state.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { configureApi, session } from '@tradewind/shared';
import en from '../../messages/en';
import ChargeList from './ChargeList';
import InvoiceList from './InvoiceList';
import type { ChargeRow, InvoiceRow } from './types';
import { choose, gets, optionsOf, pageOf, renderPage, serve, serveRefusing, setUpPageTests, type, writes } from '@tradewind/shared/src/testing';
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
  closeReason: '',
  closerId: 0,
  closeDate: null,
};

/** An issued request, a refused one with the platform's reason and a withdrawn one beside it. */
const issued: InvoiceRow = { ...invoice, id: 10, title: 'Issued Ltd', state: 3, invoiceNo: '04400123456789012345', issuerId: 1, issueDate: 1_767_312_000_000 };
const refused: InvoiceRow = { ...invoice, id: 11, title: 'Refused Ltd', state: 5, closeReason: 'The taxpayer number is not the buyer\'s', closerId: 1, closeDate: 1_767_312_000_000 };
const withdrawn: InvoiceRow = { ...invoice, id: 12, title: 'Withdrawn Ltd', state: 4, closerId: 3001, closeDate: 1_767_312_000_000 };

const platformAdmin = (...codes: string[]) => {
  session.setUser({ id: 1, username: 'admin', saasId: 0, mchId: 0, mscType: 100 }, null);
  session.setPermissions(codes.map((permCode) => ({ permCode, appId: 1 })));
};

setUpPageTests();

let shown: [string, string][];
beforeEach(() => {
  shown = [];
  configureApi({ notify: (severity, message) => shown.push([severity, message]) });
});

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
    // Without the withdraw code, nothing to withdraw.
    expect(screen.queryByText('Withdraw')).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
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

  it('offers the withdrawn and refused states in the filter', async () => {
    staffHolding('/saas/boss/invoice/list:GET');
    const calls = serve(() => pageOf([invoice]));
    renderPage(InvoiceList, en);
    await screen.findByText('Demo Travel Ltd');
    expect(optionsOf('State')).toEqual(expect.arrayContaining(['Invoicing', 'Invoiced', 'Withdrawn', 'Refused']));
    choose(/State/, 'Refused');
    fireEvent.click(screen.getByRole('button', { name: 'Inquire' }));
    await waitFor(() => expect(gets(calls).at(-1)?.url.searchParams.get('state')).toBe('5'));
  });

  it('lets the tenant withdraw a request being invoiced, after a question naming it', async () => {
    staffHolding('/saas/boss/invoice/list:GET', '/saas/boss/invoice/withdraw:PUT');
    const calls = serve((c) => (c.method === 'PUT' ? { ...invoice, state: 4 } : pageOf([invoice, issued, refused, withdrawn])));
    const { problems } = renderPage(InvoiceList, en);
    await screen.findByText('Demo Travel Ltd');
    // Only a request being invoiced can be withdrawn.
    expect(screen.getByTestId('invoice-withdraw-9')).toBeTruthy();
    for (const id of [10, 11, 12]) expect(screen.queryByTestId(`invoice-withdraw-${id}`)).toBeNull();
    expect(screen.queryByText('Refuse')).toBeNull();
    expect(screen.queryByText('Mark issued')).toBeNull();
    fireEvent.click(screen.getByTestId('invoice-withdraw-9'));
    expect(await screen.findByText('Withdraw the invoice request to "Demo Travel Ltd" (1500.00)? Its top-ups become available to invoice again.')).toBeTruthy();
    // Nothing is sent before the answer.
    expect(writes(calls)).toEqual([]);
    const before = gets(calls).length;
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { id: 9 } });
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/boss/invoice/withdraw');
    // The list is read again and the success said once.
    await waitFor(() => expect(gets(calls).length).toBe(before + 1));
    await waitFor(() => expect(shown).toEqual([['success', 'Withdrawn: its top-ups can be invoiced again']]));
    expect(problems).toEqual([]);
  });

  it('sends nothing when the tenant declines the question, and shows a 412 without a success', async () => {
    staffHolding('/saas/boss/invoice/list:GET', '/saas/boss/invoice/withdraw:PUT');
    const calls = serve(() => pageOf([invoice]));
    const answer = globalThis.fetch as unknown as (input: string, init?: RequestInit) => Promise<Response>;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        if (init.method !== 'PUT') return answer(input, init);
        calls.push({ method: 'PUT', url: new URL(input, 'http://console.test'), body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ state: 'fail', code: 'invoice-closed', msg: 'This invoice request is withdrawn or refused already' }), {
          status: 412,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderPage(InvoiceList, en);
    fireEvent.click(await screen.findByTestId('invoice-withdraw-9'));
    await screen.findByTestId('confirm-yes');
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-yes')).toBeNull());
    expect(writes(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('invoice-withdraw-9'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    await waitFor(() => expect(shown).toEqual([['warning', 'This invoice request is withdrawn or refused already']]));
    // The row is read again to show what the request is now.
    await waitFor(() => expect(gets(calls).length).toBe(2));
  });

  it('shows the tenant a refused request with the platform\'s reason', async () => {
    staffHolding('/saas/boss/invoice/list:GET', '/saas/boss/invoice/withdraw:PUT');
    serve(() => pageOf([invoice, refused, withdrawn]));
    const { problems } = renderPage(InvoiceList, en);
    await screen.findByText('Refused Ltd');
    expect(screen.getByTestId('invoice-state-11').textContent).toBe('Refused');
    expect(screen.getByTestId('invoice-reason-11').textContent).toBe('Reason: The taxpayer number is not the buyer\'s');
    // Both cells of the state column: the refused one says when and why, the withdrawn one when.
    const refusedRow = screen.getByText('Refused Ltd').closest('tr') as HTMLElement;
    expect(within(refusedRow).getByText(/The taxpayer number is not the buyer's/)).toBeTruthy();
    expect(screen.getByTestId('invoice-state-12').textContent).toBe('Withdrawn');
    expect(screen.queryByTestId('invoice-reason-12')).toBeNull();
    expect(screen.queryByTestId('invoice-reason-9')).toBeNull();
    expect(screen.getByTestId('invoice-state-9').textContent).toBe('Invoicing');
    expect(problems).toEqual([]);
  });

  it('lets the platform refuse a request being invoiced with a required reason, after the question', async () => {
    platformAdmin('/saas/platform/invoice/list:GET', '/saas/platform/invoice/issue:PUT', '/saas/platform/invoice/refuse:PUT', '/saas/boss/invoice/list:GET', '/saas/boss/invoice/withdraw:PUT');
    const calls = serve((c) => (c.method === 'PUT' ? { ...invoice, state: 5 } : pageOf([invoice, issued, refused])));
    const { problems } = renderPage(InvoiceList, en);
    await screen.findByText('Refused Ltd');
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/platform/invoice/list');
    // The platform refuses and issues; it does not withdraw (saas-main refuses it that).
    expect(screen.queryByText('Withdraw')).toBeNull();
    expect(screen.queryByTestId('invoice-refuse-10')).toBeNull();
    expect(screen.queryByTestId('invoice-refuse-11')).toBeNull();
    // The platform reads the reason it gave too.
    expect(screen.getByTestId('invoice-reason-11').textContent).toBe('Reason: The taxpayer number is not the buyer\'s');
    fireEvent.click(screen.getByTestId('invoice-refuse-9'));
    const dialog = await screen.findByTestId('invoice-refuse-dialog');
    // The buyer's details, as the issue dialog shows them.
    const details = within(dialog).getByTestId('invoice-refuse-details');
    for (const text of ['Demo Travel', 'Ordinary VAT invoice', 'Demo Travel Ltd', '91330100MA2B3C4D5E', '1500.00 (2)', 'finance@demo.com']) expect(within(details).getByText(text)).toBeTruthy();
    // The reason is required: nothing asked, nothing sent.
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Reason for refusing')).toBeTruthy();
    expect(screen.queryByTestId('confirm-yes')).toBeNull();
    type('field-reason', '   ');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Reason for refusing')).toBeTruthy();
    expect(screen.queryByTestId('confirm-yes')).toBeNull();
    type('field-reason', 'x'.repeat(201));
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('The length is 1 to 200 characters')).toBeTruthy();
    expect(screen.queryByTestId('confirm-yes')).toBeNull();
    expect(writes(calls)).toEqual([]);
    // One line only.
    expect(screen.getByTestId('field-reason').tagName).toBe('INPUT');
    type('field-reason', '  The taxpayer number is not the buyer\'s ');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Refuse the invoice request to "Demo Travel Ltd" (1500.00) with this reason? Its top-ups become available to invoice again.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    const before = gets(calls).length;
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/platform/invoice/refuse');
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { id: 9, reason: 'The taxpayer number is not the buyer\'s' } });
    await waitFor(() => expect(screen.queryByTestId('invoice-refuse-dialog')).toBeNull());
    await waitFor(() => expect(gets(calls).length).toBe(before + 1));
    expect(shown).toEqual([['success', 'Refused: the tenant can ask for an invoice over its top-ups again']]);
    expect(problems).toEqual([]);
  });

  it('shows saas-main\'s refusal of the reason under the field and keeps the dialog open', async () => {
    platformAdmin('/saas/platform/invoice/list:GET', '/saas/platform/invoice/refuse:PUT');
    const calls = serveRefusing(
      () => pageOf([invoice]),
      (c) => (c.method === 'PUT' ? { field: 'reason', reason: 'A reason has no line breaks' } : null),
    );
    renderPage(InvoiceList, en);
    // Refusing without issuing: the action is there all the same.
    expect(screen.queryByTestId('invoice-issue-9')).toBeNull();
    fireEvent.click(await screen.findByTestId('invoice-refuse-9'));
    type('field-reason', 'Wrong buyer');
    fireEvent.click(screen.getByTestId('form-submit'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const input = screen.getByTestId('field-reason');
    await waitFor(() => expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('A reason has no line breaks'));
    expect(screen.getByTestId('invoice-refuse-dialog')).toBeTruthy();
    expect(shown.filter(([severity]) => severity === 'success')).toEqual([]);
  });
});
