// The login log against a stubbed auth-center: its filters as the service takes them.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '../../messages/en';
import LoginLogList from './LoginLogList';
import type { LoginLogRow } from './types';
import { lastGet, pageOf, pick, renderPage, serve, setUpPageTests } from '@tradewind/shared/src/testing';

const loginLog: LoginLogRow = {
  id: 1,
  userId: 7,
  username: 'alice',
  ip: '10.0.0.1',
  userAgent: 'Firefox',
  result: 0,
  message: 'wrong password',
  createDate: 1_767_225_600_000,
};

setUpPageTests();

describe('login logs', () => {
  it('sends the days as ms bounds and the result', async () => {
    const calls = serve(() => pageOf([loginLog]));
    const { problems } = renderPage(LoginLogList, en);
    expect(await screen.findByText('wrong password')).toBeTruthy();
    expect(screen.getByText('Failure')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/auth-center/saas/log/userLog/listUserLoginLog');

    fireEvent.change(screen.getByTestId('login-logs-start'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('login-logs-end'), { target: { value: '2026-03-02' } });
    pick('Result', 'Success');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('startTime')).toBe(String(new Date(2026, 2, 1).getTime())));
    expect(lastGet(calls).url.searchParams.get('endTime')).toBe(String(new Date(2026, 2, 3).getTime() - 1));
    expect(lastGet(calls).url.searchParams.get('result')).toBe('1');

    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({ page: '1', resultNum: '20' }));
    expect(problems).toEqual([]);
  });
});
