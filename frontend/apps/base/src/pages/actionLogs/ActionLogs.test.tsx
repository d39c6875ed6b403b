// The action log against a stubbed auth-center: its filters as the service takes them.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '../../messages/en';
import ActionLogList from './ActionLogList';
import type { ActionLogRow } from './types';
import { lastGet, pageOf, renderPage, serve, setUpPageTests } from '@tradewind/shared/src/testing';

const actionLog: ActionLogRow = {
  id: 3,
  userId: 7,
  username: 'alice',
  action: 'group.update',
  target: 'Order desk',
  ip: '10.0.0.1',
  createDate: 1_767_225_600_000,
};

setUpPageTests();

describe('action logs', () => {
  it('sends the username, the action and the days as ms bounds', async () => {
    const calls = serve(() => pageOf([actionLog]));
    const { problems } = renderPage(ActionLogList, en);
    expect(await screen.findByText('group.update')).toBeTruthy();
    expect(screen.getByText('Order desk')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/auth-center/saas/log/userLog/listUserActionLog');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('action-logs-username'), { target: { value: 'ali' } });
    fireEvent.change(screen.getByTestId('action-logs-action'), { target: { value: ' user. ' } });
    fireEvent.change(screen.getByTestId('action-logs-start'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('action-logs-end'), { target: { value: '2026-03-02' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({
        page: '1',
        resultNum: '20',
        username: 'ali',
        action: 'user.',
        startTime: String(new Date(2026, 2, 1).getTime()),
        endTime: String(new Date(2026, 2, 3).getTime() - 1),
      }),
    );
    expect(problems).toEqual([]);
  });
});
