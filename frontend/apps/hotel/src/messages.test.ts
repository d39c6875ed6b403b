// The checks every remote passes (messages, titles, labels, permission codes), and the hotel
// routes other parts rely on.
import { buildMenu, expandInterfaces, mayOpen } from '@tradewind/shared';
import { checkRemote } from '@tradewind/shared/src/testing';
import remote from './routes';
import { ENUMS } from './enums';

checkRemote(remote, { ns: 'hotel', app: 'saas-hotel-app', enums: ENUMS });

describe('hotel order routes', () => {
  const order = remote.routes.find((r) => r.path === 'order');
  const child = (path: string) => order?.children?.find((c) => c.path === path);

  it('keeps the paths notifications link to', () => {
    expect(child('supplier/list')?.meta.perm).toBe('/saas/order/supplier/list:GET');
    expect(child('channel/list')?.meta.perm).toBe('/saas/order/channel/list:GET');
    expect(child('sys/list')?.meta.perm).toBe('/saas/order/sys/list:GET');
  });

  it('hides the supplier and distributor lists from operator staff (300)', () => {
    expect(child('supplier/list')?.meta.hiddenFor).toContain(300);
    expect(child('channel/list')?.meta.hiddenFor).toContain(300);
  });

  it("shows a merchant's users only their side's list (the other answers 403)", () => {
    const supplierList = child('supplier/list');
    const channelList = child('channel/list');
    if (!supplierList || !channelList) throw new Error('order lists missing');
    const holdingAll = (mscType: number, mchId: number) => ({
      mscType,
      mchId,
      codes: new Set(['/saas/order/supplier/list:GET', '/saas/order/channel/list:GET']),
    });
    for (const t of [311, 511]) {
      expect(mayOpen(supplierList, holdingAll(t, 2001))).toBe(true);
      expect(mayOpen(channelList, holdingAll(t, 2001))).toBe(false);
    }
    for (const t of [312, 512]) {
      expect(mayOpen(supplierList, holdingAll(t, 2002))).toBe(false);
      expect(mayOpen(channelList, holdingAll(t, 2002))).toBe(true);
    }
    // The tenant's administrator sees both.
    expect(mayOpen(supplierList, holdingAll(200, 0))).toBe(true);
    expect(mayOpen(channelList, holdingAll(200, 0))).toBe(true);
  });

  it('has a hidden detail page needing the order load code', () => {
    expect(child('detail')?.meta).toMatchObject({ hidden: true, perm: '/saas/order/sys/load:GET' });
  });
});

describe('hotel rooms and log routes', () => {
  const child = (parent: string, path: string) => remote.routes.find((r) => r.path === parent)?.children?.find((c) => c.path === path);

  it('has a hidden rooms page needing the rooms list code', () => {
    expect(child('hotel', 'rooms')?.meta).toMatchObject({ hidden: true, perm: '/saas/hotel/rooms/list:GET' });
  });

  it('has the order log under log, for the tenant only', () => {
    expect(child('log', 'orderLog/list')?.meta).toMatchObject({ perm: '/saas/log/orderLog/list:GET', scope: 'tenant' });
  });
});

describe('hotel interface menus', () => {
  const BY_TAG = '/saas/boss/service/getServiceClassByTag:GET';
  const BY_MERCHANT = '/saas/saasInterface/interfaceConfig/listByMerchant:GET';
  const staff = (...codes: string[]) => ({ mscType: 200, mchId: 0, codes: new Set(codes) });
  const meituan = { id: 5, interfaceId: 1001, interfaceName: 'meituan', title: 'Meituan', mchId: 2002, configName: 'M', productType: 10, type: 2 };
  const groups = (codes: string[], configs: (typeof meituan)[]) =>
    buildMenu(expandInterfaces(remote.routes, configs), '/saas-hotel-app', staff(...codes))
      .filter((m) => m.path.endsWith('Interface'))
      .map((m) => [m.path, m.children.map((c) => c.path)]);

  it('opens the system interface first in both interface menus, with the code of the services by class', () => {
    expect(groups([BY_TAG, BY_MERCHANT], [meituan])).toEqual([
      ['/saas-hotel-app/channelInterface', ['/saas-hotel-app/channelInterface/boss/service/list', '/saas-hotel-app/channelInterface/saasInterface/interfaceConfig/listForSelect1001']],
      ['/saas-hotel-app/vendorInterface', ['/saas-hotel-app/vendorInterface/boss/service/list']],
    ]);
  });

  it('hides the system interface from a user without that code', () => {
    expect(groups([BY_MERCHANT], [meituan])).toEqual([
      ['/saas-hotel-app/channelInterface', ['/saas-hotel-app/channelInterface/saasInterface/interfaceConfig/listForSelect1001']],
    ]);
    expect(groups([], [meituan])).toEqual([]);
  });
});
