// Submitting a support ticket against a stubbed saas-main: the fields are checked before the
// question (a refused form asks nothing, sends nothing and says no success), then the ticket is
// sent once and "Saved" said once.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureApi } from '@tradewind/shared';
import en from '../../messages/en';
import TicketList from './TicketList';
import { pageOf, renderPage, serve, setUpPageTests, type, writes } from '@tradewind/shared/src/testing';
import { staffHolding } from '../../fixtures';

setUpPageTests();

let shown: [string, string][];
beforeEach(() => {
  shown = [];
  configureApi({ notify: (severity, message) => shown.push([severity, message]) });
});

/** A turn of the event loop: promise chains already resolved have run. */
const settled = () => new Promise((r) => setTimeout(r, 0));

describe('submitting a support ticket', () => {
  it('asks nothing, sends nothing and says no success while a field is wrong', async () => {
    staffHolding('/saas/support/mySupport/list:GET', '/saas/support/mySupport/save:POST');
    const calls = serve((c) => (c.method === 'POST' ? { supportId: 7 } : pageOf([])));
    const { problems } = renderPage(TicketList, en);
    fireEvent.click(await screen.findByTestId('ticket-add'));
    await screen.findByTestId('ticket-submit-dialog');
    type('field-subject', 'Invoices');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Title')).toBeTruthy();
    expect(screen.getByText('Please enter Description')).toBeTruthy();
    expect(screen.queryByText('Submit the ticket?')).toBeNull();
    await settled();
    expect(writes(calls)).toEqual([]);
    expect(shown).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('sends the ticket after the question and says saved once', async () => {
    staffHolding('/saas/support/mySupport/list:GET', '/saas/support/mySupport/save:POST');
    const calls = serve((c) => (c.method === 'POST' ? { supportId: 7 } : pageOf([])));
    renderPage(TicketList, en);
    fireEvent.click(await screen.findByTestId('ticket-add'));
    await screen.findByTestId('ticket-submit-dialog');
    type('field-subject', ' Invoices ');
    type('field-title', 'The top-up is missing');
    type('field-content', 'Paid on Monday, not shown.');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Submit the ticket?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(screen.queryByTestId('ticket-submit-dialog')).toBeNull());
    await settled();
    const sent = writes(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0].url.pathname).toBe('/api/saas-main/saas/support/mySupport/save');
    expect(sent[0].body).toEqual({ businessType: 10, subject: 'Invoices', tag: '', title: 'The top-up is missing', content: 'Paid on Monday, not shown.', allowAgentLogin: false });
    expect(shown).toEqual([['success', 'Saved successfully']]);
  });
});
