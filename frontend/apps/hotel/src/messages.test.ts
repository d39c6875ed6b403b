// Every message id is in both languages, every route's title and every enumeration value has
// one.
import type { AppRoute } from '@tradewind/shared';
import remote from './routes';
import { ENUMS } from './enums';
import { labelId } from '@tradewind/shared';

const zh = remote.messages['zh-CN'];
const en = remote.messages.en;

function titles(routes: AppRoute[]): string[] {
  return routes.flatMap((r) => [r.meta.title, ...titles(r.children ?? [])]);
}

describe('hotel messages', () => {
  it('has every zh-CN id in en', () => {
    expect(Object.keys(zh).filter((k) => !(k in en))).toEqual([]);
  });

  it('has every en id in zh-CN', () => {
    expect(Object.keys(en).filter((k) => !(k in zh))).toEqual([]);
  });

  it('has no empty message', () => {
    expect([...Object.entries(zh), ...Object.entries(en)].filter(([, v]) => !v.trim())).toEqual([]);
  });

  it('names every id in the hotel namespace', () => {
    expect(Object.keys(en).filter((k) => !k.startsWith('hotel.'))).toEqual([]);
  });

  it('has a title message for every route', () => {
    const all = titles(remote.routes);
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((t) => !(t in zh) || !(t in en))).toEqual([]);
  });

  it('labels every value of every enumeration', () => {
    const ids = ENUMS.flatMap((e) => e.values.map((v) => labelId(e, v)));
    expect(ids.filter((id) => !(id in zh) || !(id in en))).toEqual([]);
  });
});

describe('hotel routes', () => {
  it('is the saas-hotel-app application', () => {
    expect(remote.app).toBe('saas-hotel-app');
  });

  it('gives every page the permission code of its endpoint and leaves parents without a page', () => {
    for (const parent of remote.routes) {
      expect(parent.page).toBeUndefined();
      for (const child of parent.children ?? []) {
        expect(child.page).toBeTypeOf('function');
        expect(child.meta.perm).toMatch(/^\/saas\/\S+:GET$/);
      }
    }
  });
});

describe('hotel order routes', () => {
  const order = remote.routes.find((r) => r.path === 'order');
  const child = (path: string) => order?.children?.find((c) => c.path === path);

  it('keeps the paths notifications link to', () => {
    expect(child('supplier/list')?.meta.perm).toBe('/saas/order/supplier/list:GET');
    expect(child('channel/list')?.meta.perm).toBe('/saas/order/channel/list:GET');
    expect(child('sys/list')?.meta.perm).toBe('/saas/order/sys/list:GET');
  });

  it('hides the supplier and distributor lists from operator staff (300)', () => {
    expect(child('supplier/list')?.meta.hiddenFor).toEqual([300]);
    expect(child('channel/list')?.meta.hiddenFor).toEqual([300]);
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
