// The API users against a stubbed auth-center: the list, the dialog and the secret shown once.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '../../messages/en';
import ApiUserList from './ApiUserList';
import type { ApiUserRow } from './types';
import { choose, lastGet, pageOf, renderPage, serve, setUpPageTests, type, writes, type Call } from '@tradewind/shared/src/testing';
import { staffHolding } from '../../fixtures';

const apiUser: ApiUserRow = {
  id: 21,
  name: 'Booking engine',
  mscType: 511,
  mchId: 2001,
  appKey: 'ak-123',
  state: 2,
  remarks: '',
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};

setUpPageTests();

describe('API users', () => {
  it('lists the API users with their type and state, filtered by name', async () => {
    const calls = serve(() => pageOf([apiUser]));
    const { problems } = renderPage(ApiUserList, en);
    expect(await screen.findByText('Booking engine')).toBeTruthy();
    expect(screen.getByText('API supplier')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('ak-123')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/auth-center/saas/account/api/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('api-users-name'), { target: { value: 'Book' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({ page: '1', resultNum: '20', name: 'Book' }));
    expect(problems).toEqual([]);
  });
});

describe('API user dialog', () => {
  const answer = (c: Call) => {
    if (c.method === 'POST') return { id: 22, appKey: 'twabc', appSecret: 's3cret' };
    if (c.method === 'PUT') return { id: 21, appKey: 'ak-123' };
    if (c.url.pathname.endsWith('/distributorInfos/loadForSelect')) return [{ id: 3001, name: 'Blue Travel' }];
    if (c.url.pathname.endsWith('/api/load')) return apiUser;
    if (c.url.pathname.endsWith('/supplierInfos/loadForSelect')) return [{ id: 2001, name: 'Sunrise Hotels' }];
    return pageOf([apiUser]);
  };

  it('asks for the name and type and sends nothing', async () => {
    staffHolding('/saas/account/api/save:POST');
    const calls = serve(answer);
    const { problems } = renderPage(ApiUserList, en);
    fireEvent.click(await screen.findByTestId('api-user-add'));
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Name')).toBeTruthy();
    expect(screen.getByText('Please select Type')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('creates an API distributor and shows its secret once', async () => {
    staffHolding('/saas/account/api/save:POST');
    const calls = serve(answer);
    const { problems } = renderPage(ApiUserList, en);
    fireEvent.click(await screen.findByTestId('api-user-add'));
    type('field-name', 'Channel feed');
    choose(/^Type/, 'API distributor');
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/distributorInfos/loadForSelect'))).toBe(true));
    choose(/^Merchant ID/, 'Blue Travel');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('POST');
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/api/save');
    expect(writes(calls)[0].body).toEqual({ name: 'Channel feed', mscType: 512, mchId: 3001, state: 0, remarks: '' });
    expect((await screen.findByTestId('api-app-secret')).textContent).toBe('s3cret');
    expect(screen.getByTestId('api-app-key').textContent).toBe('twabc');
    fireEvent.click(screen.getByTestId('api-secret-close'));
    await waitFor(() => expect(screen.queryByTestId('api-secret-dialog')).toBeNull());
    expect(problems).toEqual([]);
  });

  it('changes an API user as loaded, asking for a new secret when ticked', async () => {
    staffHolding('/saas/account/api/update:PUT');
    const calls = serve(answer);
    renderPage(ApiUserList, en);
    fireEvent.click(await screen.findByTestId('api-user-edit-21'));
    await waitFor(() => expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('Booking engine'));
    fireEvent.click(screen.getByTestId('field-resetSecret'));
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/api/update');
    expect(writes(calls)[0].body).toEqual({ id: 21, name: 'Booking engine', mscType: 511, mchId: 2001, state: 2, remarks: '', resetSecret: true });
  });
});
