// The paid services against a stubbed saas-main: the catalogue, buying, topping up, licences
// and the balance log.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@tradewind/shared';
import en from '../../messages/en';
import ServiceList from './ServiceList';
import LicenceList from './LicenceList';
import BalanceLogList from './BalanceLogList';
import type { BalanceLogRow, LicenceRow, ServiceRow } from './types';
import type { TenantRow } from '../platform/types';
import { choose, lastGet, pageOf, pick, renderPage, serve, setUpPageTests, type, writes } from '@tradewind/shared/src/testing';
import { staffHolding } from '../../fixtures';

const service: ServiceRow = {
  id: 1,
  serviceName: 'SMS pack 1000',
  serviceDesc: '1000 order notification SMS',
  appName: 'saas-app',
  serviceType: 2,
  serviceClass: 'SMS_NOTICE',
  licenseData: 'saas/notify/sms',
  licenseValue: 1000,
  licenseUnit: 'count',
  price: 6000,
  serviceRank: 1,
  state: 1,
};

const licences: LicenceRow[] = [
  { licenseName: 'saas/notify/sms', licenseValue: 950, expireDate: null, lastBuyDate: 1_767_225_600_000, lastConsumeDate: null, state: 1 },
  { licenseName: 'saas/notify/mail', licenseValue: 0, expireDate: 1_767_225_600_000, lastBuyDate: null, lastConsumeDate: null, state: 0 },
];

const balanceLog: BalanceLogRow = {
  id: 51,
  logType: -1,
  amount: 6000,
  balanceAfter: 123_456,
  state: 1,
  serviceId: 1,
  invoiceId: 0,
  remarks: 'SMS pack 1000',
  createDate: 1_767_225_600_000,
};

setUpPageTests();

describe('service catalogue', () => {
  it('lists the services with the price in yuan, filtered by state and type', async () => {
    const calls = serve(() => pageOf([service]));
    const { problems } = renderPage(ServiceList, en);
    expect(await screen.findByText('SMS pack 1000')).toBeTruthy();
    expect(screen.getByText('60.00')).toBeTruthy();
    expect(screen.getByText('Quantity licence')).toBeTruthy();
    expect(screen.getByText('SMS notifications')).toBeTruthy();
    expect(screen.getByText('Count')).toBeTruthy();
    expect(screen.getByText('On sale')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/boss/service/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    pick('State', 'Off sale');
    pick('Service type', 'Feature licence');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({ page: '1', resultNum: '20', state: '-1', serviceType: '1' }),
    );
    expect(problems).toEqual([]);
  });
});

describe('licences', () => {
  it('lists every licence with its state, without paging', async () => {
    const calls = serve(() => licences);
    const { problems } = renderPage(LicenceList, en);
    expect(await screen.findByText('saas/notify/sms')).toBeTruthy();
    expect(screen.getByText('950')).toBeTruthy();
    expect(screen.getByText('Normal')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.getByTestId('base-licences-table')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/boss/license/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({});
    expect(problems).toEqual([]);
  });
});

describe('balance log', () => {
  it('lists the log with amounts in yuan, filtered by type and state', async () => {
    const calls = serve(() => pageOf([balanceLog]));
    const { problems } = renderPage(BalanceLogList, en);
    expect(await screen.findByText('SMS pack 1000')).toBeTruthy();
    expect(screen.getByText('60.00')).toBeTruthy();
    expect(screen.getByText('1234.56')).toBeTruthy();
    expect(screen.getByText('Consumption')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/boss/balanceLog/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    pick('Type', 'Top-up');
    pick('State', 'Failed');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({ page: '1', resultNum: '20', logType: '1', state: '-1' }),
    );
    expect(problems).toEqual([]);
  });
});

describe('buying a service and topping up', () => {
  const offSale: ServiceRow = { ...service, id: 2, serviceName: 'Old pack', state: -1 };

  it('buys a service on sale only after the question naming its price', async () => {
    staffHolding('/saas/boss/service/consumeService:POST', '/saas/boss/charge/recharge:POST');
    const calls = serve((c) => (c.method === 'POST' ? { account: 4000, licenseName: 'saas/notify/sms', licenseValue: 1000, expireDate: null } : pageOf([service, offSale])));
    const { problems } = renderPage(ServiceList, en);
    fireEvent.click(await screen.findByTestId('service-buy-1'));
    expect(screen.queryByTestId('service-buy-2')).toBeNull();
    // A tenant's administrator is no platform administrator: no top-up.
    expect(screen.queryByTestId('recharge-open')).toBeNull();
    expect(screen.getByText('Buy SMS pack 1000 for 60.00? The account balance pays.')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByText('Cancel'));
    expect(writes(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('service-buy-1'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', body: { serviceId: 1 } });
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/boss/service/consumeService');
    expect(problems).toEqual([]);
  });

  it("lets a platform administrator top a tenant's balance up in fen", async () => {
    session.setUser({ id: 1, username: 'admin', saasId: 0, mchId: 0, mscType: 100 }, null);
    session.setPermissions([{ permCode: '/saas/boss/charge/recharge:POST', appId: 1 }]);
    const tenant = { saasId: 1, saasName: 'Demo Travel' } as TenantRow;
    const calls = serve((c) => (c.method === 'POST' ? { account: 10_050 } : c.url.pathname.endsWith('/saasInfo/list') ? pageOf([tenant]) : pageOf([service])));
    const { problems } = renderPage(ServiceList, en);
    fireEvent.click(await screen.findByTestId('recharge-open'));
    expect(screen.queryByTestId('service-buy-1')).toBeNull();
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please select Tenant')).toBeTruthy();
    expect(screen.getByText('Please enter Amount (yuan)')).toBeTruthy();
    type('field-amount', '0');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('The amount must be above 0 and at most 100,000,000.00')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/saasInfo/list'))).toBe(true));
    choose(/^Tenant/, 'Demo Travel (1)');
    type('field-amount', '100.5');
    type('field-remarks', 'bank transfer');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', body: { saasId: 1, amount: 10_050, remarks: 'bank transfer' } });
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/boss/charge/recharge');
    expect(problems).toEqual([]);
  });
});
