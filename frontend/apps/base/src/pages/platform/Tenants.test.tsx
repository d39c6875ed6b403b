// The platform's tenants against stubbed services: the list, the dialog, stopping, topping up,
// and giving a tenant its first administrator (auth-center).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@tradewind/shared';
import en from '../../messages/en';
import type { TenantRow } from './types';
import TenantList from './TenantList';
import { pageOf, renderPage, serve, serveRefusing, setUpPageTests, type, writes, type Call } from '@tradewind/shared/src/testing';

setUpPageTests();

describe("the platform's tenants", () => {
  const demo: TenantRow = {
    saasId: 1001,
    saasName: 'Demo Travel',
    saasLogo: '',
    companyName: 'Demo Travel Ltd',
    payMode: 1,
    payServiceFee: 6,
    creditFee: 15,
    currency: 'CNY',
    language: 'zh-cn',
    contactName: 'Ann',
    contactMobile: '13800000000',
    contactEmail: 'ann@example.com',
    domain: 'demo.example.com',
    saasExpireDate: new Date(2027, 0, 31).getTime(),
    state: 1,
    saasType: 0,
    remarks: '',
    createDate: 1_767_225_600_000,
    modifyDate: 1_767_225_600_000,
  };
  const P = '/saas/platform/saasInfo';
  function platformAdmin() {
    session.setUser({ id: 1, username: 'admin', saasId: 0, mchId: 0, mscType: 100 }, null);
    session.setPermissions(
      [`${P}/list:GET`, `${P}/save:POST`, `${P}/update:PUT`, `${P}/stop:PUT`, '/saas/boss/charge/recharge:POST', '/saas/account/user/save:POST'].map((permCode) => ({
        permCode,
        appId: 1,
      })),
    );
  }
  const answer = (c: Call) =>
    c.method === 'POST' ? { saasId: 1002 } : c.method === 'PUT' ? demo : c.url.pathname.endsWith('/load') ? demo : pageOf([demo]);

  it('asks for the name and expiry day and checks the domain, sending nothing', async () => {
    platformAdmin();
    const calls = serve(answer);
    const { problems } = renderPage(TenantList, en);
    expect(await screen.findByText('Demo Travel Ltd')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/platform/saasInfo/list');
    fireEvent.click(screen.getByTestId('tenant-add'));
    type('field-domain', 'nodot');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Tenant name')).toBeTruthy();
    expect(screen.getByText('Please select Subscription ends')).toBeTruthy();
    expect(screen.getByText('Not a domain name')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('creates a tenant with its expiry day as ms', async () => {
    platformAdmin();
    const calls = serve(answer);
    renderPage(TenantList, en);
    fireEvent.click(await screen.findByTestId('tenant-add'));
    type('field-saasName', ' Blue Sky Tours ');
    type('field-saasExpireDate', '2027-06-30');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('POST');
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/platform/saasInfo/save');
    expect(writes(calls)[0].body).toEqual({
      saasName: 'Blue Sky Tours',
      saasLogo: '',
      companyName: '',
      payMode: 0,
      payServiceFee: 6,
      creditFee: 0,
      currency: 'CNY',
      language: 'zh-cn',
      contactName: '',
      contactMobile: '',
      contactEmail: '',
      domain: '',
      saasExpireDate: new Date(2027, 5, 30).getTime(),
      state: 1,
      saasType: 0,
      remarks: '',
    });
  });

  it('changes a tenant as loaded', async () => {
    platformAdmin();
    const calls = serve(answer);
    renderPage(TenantList, en);
    fireEvent.click(await screen.findByTestId('tenant-edit-1001'));
    await waitFor(() => expect((screen.getByTestId('field-saasExpireDate') as HTMLInputElement).value).toBe('2027-01-31'));
    expect(calls.find((c) => c.url.pathname.endsWith('/saasInfo/load'))?.url.searchParams.get('saasId')).toBe('1001');
    type('field-companyName', 'Demo Travel Group');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/platform/saasInfo/update');
    expect(writes(calls)[0].body).toMatchObject({
      saasId: 1001,
      companyName: 'Demo Travel Group',
      payServiceFee: 6,
      creditFee: 15,
      domain: 'demo.example.com',
      saasExpireDate: new Date(2027, 0, 31).getTime(),
    });
  });

  it('stops a tenant once confirmed and tops its balance up', async () => {
    platformAdmin();
    const calls = serve(answer);
    renderPage(TenantList, en);
    fireEvent.click(await screen.findByTestId('tenant-stop-1001'));
    expect(screen.getByText('Stop tenant Demo Travel? Its users can no longer work.')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByText('Cancel'));
    expect(writes(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('tenant-stop-1001'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { saasId: 1001 } });
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/platform/saasInfo/stop');

    fireEvent.click(screen.getByTestId('tenant-recharge-1001'));
    type('field-amount', '2000');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ method: 'POST', body: { saasId: 1001, amount: 200_000, remarks: '' } });
    expect(writes(calls)[1].url.pathname).toBe('/api/saas-main/saas/boss/charge/recharge');
  });

  const ADMIN = {
    saasId: 1001,
    username: 'blue.admin',
    password: 'secret-1',
    realName: 'Lan',
    mobile: '',
    email: '',
    mscType: 200,
    isManager: true,
    userGrade: 2,
  };

  it("gives a tenant its administrator, naming the tenant's saasId to auth-center", async () => {
    platformAdmin();
    const calls = serve((c) => (c.url.pathname.endsWith('/user/save') ? { id: 9 } : answer(c)));
    const { problems } = renderPage(TenantList, en);
    fireEvent.click(await screen.findByTestId('tenant-admin-1001'));
    const dialog = screen.getByTestId('tenant-admin-dialog');
    expect(within(dialog).getByText("Create the tenant's administrator")).toBeTruthy();
    expect((screen.getByTestId('field-saasId') as HTMLInputElement).value).toBe('Demo Travel (1001)');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Username')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    type('field-username', ' blue.admin ');
    type('field-password', 'secret-1');
    type('field-realName', 'Lan');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/user/save');
    expect(writes(calls)[0].body).toEqual(ADMIN);
    await waitFor(() => expect(screen.queryByTestId('tenant-admin-dialog')).toBeNull());
    expect(problems).toEqual([]);
  });

  it('offers a tenant just created its administrator at once', async () => {
    platformAdmin();
    serve(answer);
    renderPage(TenantList, en);
    fireEvent.click(await screen.findByTestId('tenant-add'));
    type('field-saasName', 'Blue Sky Tours');
    type('field-saasExpireDate', '2027-06-30');
    fireEvent.click(screen.getByTestId('form-submit'));
    await screen.findByTestId('tenant-admin-dialog');
    expect((screen.getByTestId('field-saasId') as HTMLInputElement).value).toBe('Blue Sky Tours (1002)');
  });

  it("shows auth-center's reason under the tenant while the tenant has not reached it", async () => {
    platformAdmin();
    const reason = 'no such tenant, or one created a moment ago that auth-center has not heard of yet: retry shortly';
    const calls = serveRefusing(answer, (c) => (c.url.pathname.endsWith('/user/save') ? { field: 'saasId', reason } : null));
    renderPage(TenantList, en);
    fireEvent.click(await screen.findByTestId('tenant-admin-1001'));
    type('field-username', 'blue.admin');
    type('field-password', 'secret-1');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await within(screen.getByTestId('tenant-admin-dialog')).findByText(reason)).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
    expect(screen.getByTestId('tenant-admin-dialog')).toBeTruthy();
  });
});
