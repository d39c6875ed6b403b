// The checks every remote passes (messages, titles, labels, permission codes), and the ticket
// routes other parts rely on.
import { buildMenu, expandInterfaces, mayOpen } from '@tradewind/shared';
import { checkRemote } from '@tradewind/shared/src/testing';
import remote from './routes';
import { ENUMS } from './enums';

checkRemote(remote, { ns: 'ticket', app: 'saas-ticket-app', enums: ENUMS });

describe('ticket menus', () => {
  const scenic = remote.routes.find((r) => r.path === 'scenic');
  const child = (path: string) => scenic?.children?.find((c) => c.path === path);

  it('opens the scenic list with its list code, whichever application id (110 or 24) the code came under', () => {
    const list = child('list');
    if (!list) throw new Error('scenic list missing');
    // The shell keeps the codes of every application id in one set: ticket's 110 and 24 alike.
    const viewer = { mscType: 311, mchId: 2001, codes: new Set(['/saas/ticket/scenicInfos/list:GET']) };
    expect(mayOpen(list, viewer)).toBe(true);
    expect(buildMenu(remote.routes, '/saas-ticket-app', viewer).map((m) => m.children.map((c) => c.path))).toEqual([['/saas-ticket-app/scenic/list']]);
  });

  it('shows nothing to a user without ticket codes', () => {
    expect(buildMenu(remote.routes, '/saas-ticket-app', { mscType: 300, mchId: 0, codes: new Set(['/saas/hotel/hotelInfos/list:GET']) })).toEqual([]);
  });
});

describe('ticket interface menus', () => {
  const BY_TAG = '/saas/boss/service/getServiceClassByTag:GET';
  const BY_MERCHANT = '/saas/saasInterface/interfaceConfig/listByMerchant:GET';
  const staff = (...codes: string[]) => ({ mscType: 200, mchId: 0, codes: new Set(codes) });
  const meituan = { id: 5, interfaceId: 1001, interfaceName: 'meituan', title: 'Meituan', mchId: 2002, configName: 'M', productType: 20, type: 2 };
  const groups = (codes: string[], configs: (typeof meituan)[]) =>
    buildMenu(expandInterfaces(remote.routes, configs), '/saas-ticket-app', staff(...codes))
      .filter((m) => m.path.endsWith('Interface'))
      .map((m) => [m.path, m.children.map((c) => c.path)]);

  it('opens the system interface first in both interface menus, with the code of the services by class', () => {
    expect(groups([BY_TAG, BY_MERCHANT], [meituan])).toEqual([
      ['/saas-ticket-app/channelInterface', ['/saas-ticket-app/channelInterface/boss/service/list', '/saas-ticket-app/channelInterface/saasInterface/interfaceConfig/listForSelect1001']],
      ['/saas-ticket-app/vendorInterface', ['/saas-ticket-app/vendorInterface/boss/service/list']],
    ]);
  });

  it('hides the system interface from a user without that code', () => {
    expect(groups([BY_MERCHANT], [meituan])).toEqual([
      ['/saas-ticket-app/channelInterface', ['/saas-ticket-app/channelInterface/saasInterface/interfaceConfig/listForSelect1001']],
    ]);
    expect(groups([], [meituan])).toEqual([]);
  });
});
