// The paid services catalogue as the interface menus show it (the system interface page): the
// services on sale of the interface class, asked by tag, all at once and without filters, in
// both languages; bought after the question naming the price by a user holding that code. The
// whole catalogue (the base application's Paid services) is tested with the base pages.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InterfaceServicePage, type ServiceRow } from './components/ServiceCatalogue';
import { session } from './session';
import { query, renderPage, serve, setUpPageTests, writes } from './testing';

setUpPageTests();

const PATH = '/saas-hotel-app/vendorInterface/boss/service/list';
const service: ServiceRow = {
  id: 3,
  serviceName: 'Hotel supplier interface, 1 year',
  serviceDesc: 'Import hotels, products and prices from a supplier system',
  appName: 'saas-hotel-app',
  serviceType: 1,
  serviceClass: 'HOTEL_SUPPLIER_INTERFACE',
  licenseData: 'saas/hotel/supplierInterface',
  licenseValue: 365,
  licenseUnit: 'day',
  price: 980_000,
  serviceRank: 3,
  state: 1,
};

function holding(...codes: string[]) {
  session.setUser({ id: 1, username: 'admin', saasId: 1, mchId: 0, mscType: 200 }, null);
  session.setPermissions(codes.map((permCode) => ({ permCode, appId: 1 })));
}

describe('the system interface page', () => {
  it('lists the interface services asked by their class, without filters or buying for one not holding the code', async () => {
    holding('/saas/boss/service/getServiceClassByTag:GET');
    const calls = serve(() => [service]);
    const { problems } = renderPage(InterfaceServicePage, {}, PATH);
    expect(await screen.findByText('Hotel supplier interface, 1 year')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/boss/service/getServiceClassByTag');
    expect(query(calls[0])).toEqual({ tag: 'HOTEL_SUPPLIER_INTERFACE' });
    expect(screen.getByText('System interface')).toBeTruthy();
    expect(screen.getByText('9800.00')).toBeTruthy();
    expect(screen.getByText('Feature licence')).toBeTruthy();
    expect(screen.getByText('Days')).toBeTruthy();
    expect(screen.getByText("The services on sale of the class Hotel supplier interface. Buying one extends the tenant's licence; the account balance pays.")).toBeTruthy();
    // The class, the rank and the state are the same for every row: no columns.
    expect(screen.queryByText('On sale')).toBeNull();
    expect(screen.queryByText('Class')).toBeNull();
    expect(screen.queryByTestId('search-inquire')).toBeNull();
    expect(screen.queryByTestId('service-buy-3')).toBeNull();
    expect(problems).toEqual([]);
  });

  it('buys an interface service after the question naming its price, then asks again', async () => {
    holding('/saas/boss/service/getServiceClassByTag:GET', '/saas/boss/service/consumeService:POST');
    const calls = serve((c) => (c.method === 'POST' ? { account: 20_000 } : [service]));
    const { problems } = renderPage(InterfaceServicePage, {}, PATH);
    fireEvent.click(await screen.findByTestId('service-buy-3'));
    expect(screen.getByText('Buy Hotel supplier interface, 1 year for 9800.00? The account balance pays.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', body: { serviceId: 3 } });
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/boss/service/consumeService');
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    expect(problems).toEqual([]);
  });

  it('says so in Chinese when no service of the class is on sale', async () => {
    holding('/saas/boss/service/getServiceClassByTag:GET');
    serve(() => []);
    const { problems } = renderPage(InterfaceServicePage, {}, PATH, 'zh-CN');
    expect(await screen.findByText('该类别暂无在售服务。')).toBeTruthy();
    expect(screen.getByText('系统接口')).toBeTruthy();
    expect(screen.getByText('类别“酒店供应商接口”的在售服务。购买后将延长租户的许可，费用从账户余额扣除。')).toBeTruthy();
    expect(problems).toEqual([]);
  });
});
