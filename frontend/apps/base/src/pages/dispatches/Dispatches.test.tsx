// The SMS and mail queues and what was sent, against a stubbed message-server: filters and resend.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '@tradewind/shared';
import en from '../../messages/en';
import SmsList from './SmsList';
import MailList from './MailList';
import SmsSentList from './SmsSentList';
import MailSentList from './MailSentList';
import type { DispatchRow } from './types';
import { gets, lastGet, pageOf, pick, renderPage, serve, setUpPageTests } from '@tradewind/shared/src/testing';

function dispatch(id: number, state: number): DispatchRow {
  return {
    id,
    userId: 7,
    address: '13800000000',
    subject: '',
    content: 'New order 42',
    notifyType: 10,
    refId: '42',
    parts: 1,
    partsSent: 0,
    state,
    attempts: 5,
    nextAttemptAt: 0,
    lastError: 'provider down',
    createDate: 1_767_225_600_000,
    sendDate: 0,
  };
}

function staffWithResend() {
  session.setUser({ id: 1, username: 'admin', saasId: 1, mchId: 0, mscType: 200 }, null);
  session.setPermissions([
    { permCode: '/saas/msg/smsQueue/resend:PUT', appId: 1 },
    { permCode: '/saas/msg/mailQueue/resend:PUT', appId: 1 },
  ]);
}

setUpPageTests();

describe('SMS and mail', () => {
  it('resends a failed text and reloads the page it is on', async () => {
    staffWithResend();
    const calls = serve((c) => (c.method === 'PUT' ? true : pageOf([dispatch(5, 3), dispatch(6, 2)])));
    const { problems } = renderPage(SmsList, en);
    expect(await screen.findAllByText('New order 42')).toHaveLength(2);
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getAllByText('New order (distributor)')).toHaveLength(2);
    expect(calls[0].url.pathname).toBe('/api/message-server/saas/msg/smsQueue/list');
    expect(screen.queryByTestId('resend-6')).toBeNull();

    fireEvent.click(screen.getByTestId('resend-5'));
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/message-server/saas/msg/smsQueue/resend');
    expect(put?.body).toEqual({ id: 5 });
    expect(lastGet(calls).url.searchParams.get('page')).toBe('1');
    expect(problems).toEqual([]);
  });

  it('filters the text queue by state and mobile prefix', async () => {
    const calls = serve(() => pageOf([dispatch(5, 4)]));
    renderPage(SmsList, en);
    await screen.findByText('Refused');
    fireEvent.change(screen.getByTestId('dispatches-address'), { target: { value: '138' } });
    pick('State', 'Refused');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('mobile')).toBe('138'));
    expect(lastGet(calls).url.searchParams.get('state')).toBe('4');
  });

  it('offers no resend to a merchant user', async () => {
    session.setUser({ id: 2, username: 'sup', saasId: 1, mchId: 2001, mscType: 311 }, null);
    session.setPermissions([{ permCode: '/saas/msg/mailQueue/resend:PUT', appId: 1 }]);
    const calls = serve(() => pageOf([{ ...dispatch(8, 3), address: 'a@example.com', subject: 'Tradewind: new order' }]));
    const { problems } = renderPage(MailList, en);
    expect(await screen.findByText('Tradewind: new order')).toBeTruthy();
    expect(screen.queryByTestId('resend-8')).toBeNull();
    expect(calls[0].url.pathname).toBe('/api/message-server/saas/msg/mailQueue/list');
    fireEvent.change(screen.getByTestId('dispatches-address'), { target: { value: 'a@' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('email')).toBe('a@'));
    expect(problems).toEqual([]);
  });
});

describe('SMS and mail sent', () => {
  it('lists the texts sent, by mobile prefix, without a state filter or resend', async () => {
    staffWithResend();
    const calls = serve(() => pageOf([dispatch(5, 2)]));
    const { problems } = renderPage(SmsSentList, en);
    expect(await screen.findByText('SMS sent')).toBeTruthy();
    await screen.findByText('New order 42');
    expect(calls[0].url.pathname).toBe('/api/message-server/saas/msg/sms/list');
    expect(screen.queryByTestId('dispatches-state')).toBeNull();
    expect(screen.queryByTestId('resend-5')).toBeNull();
    fireEvent.change(screen.getByTestId('dispatches-address'), { target: { value: '139' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('mobile')).toBe('139'));
    expect(lastGet(calls).url.searchParams.has('state')).toBe(false);
    expect(problems).toEqual([]);
  });

  it('lists the mails sent', async () => {
    const calls = serve(() => pageOf([{ ...dispatch(8, 2), address: 'a@example.com', subject: 'Tradewind: new order' }]));
    const { problems } = renderPage(MailSentList, en);
    expect(await screen.findByText('Tradewind: new order')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/message-server/saas/msg/mail/list');
    expect(problems).toEqual([]);
  });
});
