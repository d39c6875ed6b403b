// My notifications against a stubbed saas-main: reading them and opening what they are about.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '../../messages/en';
import NotificationList from './NotificationList';
import type { NotificationRow } from './types';
import { gets, lastGet, pageOf, renderPage, serve, setUpPageTests } from '@tradewind/shared/src/testing';

const unread: NotificationRow = {
  id: 31,
  notifyType: 0,
  message: 'New hotel order 42',
  refId: '42',
  actionUrl: '/saas-hotel-app/order/supplier/list?orderId=42',
  createDate: 1_767_225_600_000,
  readDate: 0,
  read: false,
};

setUpPageTests();

describe('my notifications', () => {
  it('marks one read, then all, and filters the unread', async () => {
    const calls = serve((c) => (c.method === 'PUT' ? { changed: 1 } : pageOf([unread])));
    const { problems } = renderPage(NotificationList, en);
    expect(await screen.findByText('New hotel order 42')).toBeTruthy();
    expect(screen.getByText('New order (supplier)')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/message-server/saas/notify/message/list');

    fireEvent.click(screen.getByTestId('mark-read-31'));
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [31] });

    fireEvent.click(screen.getByTestId('mark-all-read'));
    await waitFor(() => expect(gets(calls)).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'PUT')[1].body).toEqual({ ids: [] });

    fireEvent.click(within(screen.getByTestId('notifications-unread')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('unread')).toBe('true'));
    expect(problems).toEqual([]);
  });

  it('opens the order a notification is about, marking it read', async () => {
    const calls = serve((c) => (c.method === 'PUT' ? { changed: 1 } : pageOf([unread])));
    renderPage(NotificationList, en);
    fireEvent.click(await screen.findByText('New hotel order 42'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/saas-hotel-app/order/supplier/list?orderId=42'),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [31] });
  });
});
