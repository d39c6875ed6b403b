// The permission groups against a stubbed auth-center: the list, the dialog picking codes from
// the catalogue.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '../../messages/en';
import GroupList from './GroupList';
import { lastGet, pageOf, renderPage, serve, setUpPageTests, type, writes, type Call } from '@tradewind/shared/src/testing';
import { group, staffHolding } from '../../fixtures';

setUpPageTests();

describe('permission groups', () => {
  it('lists the groups with their codes, filtered by name', async () => {
    const calls = serve(() => pageOf([group]));
    const { problems } = renderPage(GroupList, en);
    expect(await screen.findByText('Order desk')).toBeTruthy();
    expect(screen.getByText('/saas/order/**, /saas/account/user/list:GET')).toBeTruthy();
    expect(screen.getByTestId('base-groups-table')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/auth-center/saas/account/group/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('groups-name'), { target: { value: ' desk ' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({ page: '1', resultNum: '20', name: 'desk' }));
    expect(problems).toEqual([]);
  });
});

describe('permission group dialog', () => {
  const catalogue = [
    { permCode: '/saas/account/user/list:GET', appId: 1, service: 'auth-center', summary: 'List users' },
    { permCode: '/saas/account/user/save:POST', appId: 1, service: 'auth-center', summary: 'Create a user' },
  ];
  const answer = (c: Call) => {
    if (c.method !== 'GET') return c.method === 'POST' ? { id: 12 } : true;
    if (c.url.pathname.endsWith('/listPermissions')) return catalogue;
    if (c.url.pathname.endsWith('/group/load')) return group;
    return pageOf([group]);
  };

  it('asks for the name and sends nothing', async () => {
    staffHolding('/saas/account/group/save:POST');
    const calls = serve(answer);
    const { problems } = renderPage(GroupList, en);
    fireEvent.click(await screen.findByTestId('group-add'));
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Name')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(screen.queryByTestId('group-edit-11')).toBeNull();
    expect(problems).toEqual([]);
  });

  it('creates a group with codes chosen from the catalogue', async () => {
    staffHolding('/saas/account/group/save:POST');
    const calls = serve(answer);
    renderPage(GroupList, en);
    fireEvent.click(await screen.findByTestId('group-add'));
    type('field-name', ' Desk ');
    type('field-remarks', 'front desk');
    fireEvent.click(await screen.findByText('Create a user'));
    // Ticking an area ticks its codes; the filter narrows what is shown.
    fireEvent.click(screen.getByTestId('area-account'));
    fireEvent.click(screen.getByTestId('area-account'));
    expect(screen.getByText('Accounts (0/2)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('code-/saas/account/user/save:POST'));
    type('permission-filter', 'list users');
    expect(screen.queryByText('Create a user')).toBeNull();
    expect(screen.getByText('List users')).toBeTruthy();
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('POST');
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/group/save');
    expect(writes(calls)[0].body).toEqual({ name: 'Desk', remarks: 'front desk', permCodes: ['/saas/account/user/save:POST'] });
  });

  it('changes a group as loaded, keeping its subtree grant', async () => {
    staffHolding('/saas/account/group/update:PUT');
    const calls = serve(answer);
    renderPage(GroupList, en);
    fireEvent.click(await screen.findByTestId('group-edit-11'));
    await waitFor(() => expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('Order desk'));
    expect(calls.find((c) => c.url.pathname.endsWith('/group/load'))?.url.searchParams.get('id')).toBe('11');
    // The subtree grant the catalogue does not list is shown, ticked.
    expect(within(screen.getByTestId('permission-picker')).getByText('/saas/order/**')).toBeTruthy();
    expect(screen.getByText('Accounts (1/2)')).toBeTruthy();
    type('field-name', 'Orders');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/group/update');
    expect(writes(calls)[0].body).toEqual({ id: 11, name: 'Orders', remarks: 'handles orders', permCodes: ['/saas/order/**', '/saas/account/user/list:GET'] });
  });
});
