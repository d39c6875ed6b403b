// The users page against a stubbed auth-center: the list with its filters, the dialog's rules
// and bodies, the state changes after their question; and the test harness itself.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@tradewind/shared';
import en from '../../messages/en';
import UserList from './UserList';
import type { UserRow } from './types';
import { choose, closeMenu, gets, lastGet, optionsOf, pageOf, pick, renderPage, serve, serveRefusing, setUpPageTests, type, writes, type Call } from '@tradewind/shared/src/testing';
import { group, staffHolding } from '../../fixtures';

const user: UserRow = {
  id: 7,
  username: 'alice',
  realName: 'Alice',
  mobile: '13800000000',
  email: 'alice@example.com',
  mscType: 311,
  userState: 2,
  lastLoginDate: null,
  loginCount: 3,
  lockedUntil: null,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
  groupIds: [],
  ipFilterType: 0,
  ipFilterValue: '',
  isManager: false,
  lastLoginIp: '',
  mchId: 0,
  nickName: '',
  remarks: '',
  roleType: 1,
  userGrade: 0,
};

setUpPageTests();

describe('the test harness', () => {
  it('reports a message the page needs and the locale lacks', async () => {
    serve(() => pageOf([user]));
    const partial = Object.fromEntries(Object.entries(en).filter(([k]) => k !== 'base.users.title'));
    const { problems } = renderPage(UserList, partial);
    await screen.findByText('alice');
    expect(problems.some((p) => p.includes('base.users.title'))).toBe(true);
  });
});

describe('users', () => {
  it('lists the users with their type and state, filtered by username and state', async () => {
    const calls = serve(() => pageOf([user]));
    const { problems } = renderPage(UserList, en);
    expect(await screen.findByText('alice')).toBeTruthy();
    expect(screen.getByText('Supplier')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    // The username over the real name, the mobile over the e-mail: one column each.
    const cells = within(screen.getByText('alice').closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells[1].textContent).toBe('aliceAlice');
    expect(cells[2].textContent).toBe('13800000000alice@example.com');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'User', 'Contact', 'User type', 'State', 'Last login', 'Logins', 'Created']);
    expect(calls[0].url.pathname).toBe('/api/auth-center/saas/account/user/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('users-username'), { target: { value: ' ali ' } });
    pick('State', 'Locked');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('username')).toBe('ali'));
    expect(lastGet(calls).url.searchParams.get('userState')).toBe('1');
    expect(problems).toEqual([]);
  });
});

describe('user dialog', () => {
  const codes = ['/saas/account/user/save:POST', '/saas/account/user/update:PUT', '/saas/account/user/lock:PUT', '/saas/account/user/unlock:PUT', '/saas/account/user/disable:PUT'];
  const answer = (c: Call) => {
    if (c.method !== 'GET') return c.url.pathname.endsWith('/save') ? { id: 9 } : true;
    if (c.url.pathname.endsWith('/group/list')) return pageOf([group]);
    if (c.url.pathname.endsWith('/supplierInfos/loadForSelect')) return [{ id: 2001, name: 'Sunrise Hotels' }];
    return pageOf([{ ...user, userState: 0, mchId: 2001, groupIds: [11], nickName: '', roleType: 0, userGrade: 0, ipFilterType: 0, ipFilterValue: '', remarks: '', isManager: false }]);
  };

  it('offers no add or row actions without the codes', async () => {
    staffHolding();
    serve(answer);
    renderPage(UserList, en);
    await screen.findByText('alice');
    expect(screen.queryByTestId('user-add')).toBeNull();
    expect(screen.queryByTestId('user-edit-7')).toBeNull();
    expect(screen.queryByTestId('user-states-7')).toBeNull();
  });

  it('asks for the username and password first and sends nothing', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    const { problems } = renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-add'));
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Username')).toBeTruthy();
    expect(screen.getByText('Please enter Password')).toBeTruthy();
    expect(screen.getByText('Please select User type')).toBeTruthy();
    type('field-username', 'bob');
    type('field-password', '12345');
    type('field-email', 'bob@x');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Password cannot be less than 6 characters')).toBeTruthy();
    expect(screen.getByText('Wrong e-mail format!')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('offers the tenant types to a tenant administrator and the platform administrator type only to the platform', async () => {
    staffHolding(...codes);
    serve(answer);
    renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-add'));
    expect(optionsOf(/User type/)).toEqual(['Tenant administrator', 'Operator staff', 'Supplier', 'Distributor']);
    fireEvent.click(within(screen.getByTestId('user-dialog')).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('user-dialog')).toBeNull());

    act(() => session.setUser({ id: 1, username: 'admin', saasId: 0, mchId: 0, mscType: 100 }, null));
    fireEvent.click(screen.getByTestId('user-add'));
    expect(optionsOf(/User type/)).toEqual(['Platform administrator']);
  });

  it('creates a supplier user of a merchant with its groups', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    const { problems } = renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-add'));
    type('field-username', ' bob ');
    type('field-password', 'secret1');
    choose(/^User type/, 'Supplier');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please select Merchant')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/supplierInfos/loadForSelect'))).toBe(true));
    choose(/^Merchant/, 'Sunrise Hotels');
    choose(/^Permission groups/, 'Order desk');
    closeMenu();
    type('field-mobile', '13900000000');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const post = writes(calls)[0];
    expect(post.method).toBe('POST');
    expect(post.url.pathname).toBe('/api/auth-center/saas/account/user/save');
    expect(post.body).toEqual({
      username: 'bob',
      password: 'secret1',
      realName: '',
      nickName: '',
      mscType: 311,
      mchId: 2001,
      mobile: '13900000000',
      email: '',
      isManager: false,
      roleType: 0,
      userGrade: 0,
      userState: 0,
      ipFilterType: 0,
      ipFilterValue: '',
      groupIds: [11],
      remarks: '',
    });
    await waitFor(() => expect(screen.queryByTestId('user-dialog')).toBeNull());
    expect(gets(calls).filter((c) => c.url.pathname.endsWith('/user/list')).length).toBeGreaterThan(1);
    expect(problems).toEqual([]);
  });

  it("shows the server's reason under the username it names", async () => {
    staffHolding(...codes);
    const calls = serveRefusing(answer, (c) => (c.method === 'POST' ? { field: 'username', reason: 'this login name is taken' } : null));
    renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-add'));
    type('field-username', 'alice');
    type('field-password', 'secret1');
    choose(/^User type/, 'Operator staff');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('this login name is taken')).toBeTruthy();
    expect(screen.getByTestId('user-dialog')).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
    expect((writes(calls)[0].body as { mchId: number }).mchId).toBe(0);
  });

  it('changes a user without sending a password unless one is typed', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-edit-7'));
    expect((screen.getByTestId('field-username') as HTMLInputElement).disabled).toBe(true);
    type('field-realName', 'Alice Liu');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const put = writes(calls)[0];
    expect(put.method).toBe('PUT');
    expect(put.url.pathname).toBe('/api/auth-center/saas/account/user/update');
    expect(put.body).toEqual({
      id: 7,
      realName: 'Alice Liu',
      nickName: '',
      mscType: 311,
      mchId: 2001,
      mobile: '13800000000',
      email: 'alice@example.com',
      isManager: false,
      roleType: 0,
      userGrade: 0,
      userState: 0,
      ipFilterType: 0,
      ipFilterValue: '',
      groupIds: [11],
      remarks: '',
    });
  });

  it('locks a user only once the question is confirmed', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-states-7'));
    // A normal user can be locked or disabled, not unlocked.
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Lock', 'Disable']);
    fireEvent.click(screen.getByTestId('user-lock-7'));
    expect(screen.getByText('Lock user alice? Their sessions end.')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByText('Cancel'));
    expect(writes(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('user-states-7'));
    fireEvent.click(screen.getByTestId('user-disable-7'));
    expect(screen.getByText('Disable user alice? Their sessions end.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/user/disable');
    expect(writes(calls)[0].body).toEqual({ id: 7 });
    expect(screen.queryByTestId('user-unlock-7')).toBeNull();
  });

  it('offers the signed-in user no lock or disable of themselves', async () => {
    staffHolding(...codes);
    session.setUser({ id: 7, username: 'alice', saasId: 1, mchId: 0, mscType: 200 }, null);
    serve(answer);
    renderPage(UserList, en);
    await screen.findByTestId('user-edit-7');
    // Neither lock nor disable: the state menu has nothing to offer.
    expect(screen.queryByTestId('user-states-7')).toBeNull();
  });

  it('unlocks a locked user after the question', async () => {
    staffHolding(...codes);
    const calls = serve((c) => (c.url.pathname.endsWith('/user/list') ? pageOf([{ ...user, userState: 1 }]) : answer(c)));
    renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-states-7'));
    expect(screen.queryByTestId('user-lock-7')).toBeNull();
    fireEvent.click(screen.getByTestId('user-unlock-7'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/user/unlock');
    expect(writes(calls)[0].body).toEqual({ id: 7 });
  });
});
