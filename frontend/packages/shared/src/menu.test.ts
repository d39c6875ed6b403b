import { describe, expect, it } from 'vitest';
import { buildMenu, expandInterfaces, interfaceIcon, interfaceIdOf, type AppRoute, type InterfaceChoice } from './menu';

const page = () => Promise.resolve({ default: () => null });

const routes: AppRoute[] = [
  { path: 'hotel/list', meta: { title: 'hotels', order: 1, perm: 'p:hotels' }, page },
  {
    path: 'channelInterface',
    meta: { title: 'channels', order: 7 },
    children: [
      {
        path: 'saasInterface/interfaceConfig/listForSelect',
        meta: { title: 'channel', perm: 'p:interface', interfaces: { productType: 10, type: 2 } },
        page,
      },
    ],
  },
];

const choice = (id: number, interfaceId: number, interfaceName: string, title: string, productType = 10, type = 2): InterfaceChoice => ({
  id,
  interfaceId,
  interfaceName,
  title,
  mchId: 2002,
  configName: `config ${id}`,
  productType,
  type,
});

const viewer = { mscType: 200, mchId: 0, codes: new Set(['p:hotels', 'p:interface']) };

describe('interface menus', () => {
  it('make one entry per configured interface of the template’s kind, labelled and iconed by name', () => {
    const configs = [
      choice(1, 1001, 'meituan', 'Meituan'),
      choice(2, 1001, 'meituan', 'Meituan'),
      choice(3, 1004, 'alitripGlobal', 'Alitrip Global'),
      choice(4, 1009, 'api', 'Distribution API'),
      choice(5, 2003, 'tongcheng', 'Tongcheng', 20),
      choice(6, 1101, 'api', 'Supplier API', 10, 1),
    ];
    const menu = buildMenu(expandInterfaces(routes, configs), '/saas-hotel-app', viewer);
    const group = menu.find((m) => m.title === 'channels');
    expect(group?.children.map((c) => [c.path, c.label, c.icon])).toEqual([
      ['/saas-hotel-app/channelInterface/saasInterface/interfaceConfig/listForSelect1001', 'Meituan', 'interface:meituan'],
      ['/saas-hotel-app/channelInterface/saasInterface/interfaceConfig/listForSelect1004', 'Alitrip Global', 'interface:alitrip'],
      ['/saas-hotel-app/channelInterface/saasInterface/interfaceConfig/listForSelect1009', 'Distribution API', 'interface:API'],
    ]);
  });

  it('never show a template that was not expanded', () => {
    expect(buildMenu(routes, '/a', viewer).map((m) => m.title)).toEqual(['hotels']);
  });

  it('leave no group when nothing is configured, or the code is not held', () => {
    expect(buildMenu(expandInterfaces(routes, []), '/a', viewer).map((m) => m.title)).toEqual(['hotels']);
    const without = { ...viewer, codes: new Set(['p:hotels']) };
    expect(buildMenu(expandInterfaces(routes, [choice(1, 1001, 'meituan', 'Meituan')]), '/a', without).map((m) => m.title)).toEqual(['hotels']);
  });

  it('choose the icon by name and read the interface id from the path', () => {
    expect(['meituan', 'meituanGlobal', 'alitrip', 'tongcheng', 'qunarGlobal', 'elong', 'mafengwo', 'api'].map(interfaceIcon)).toEqual([
      'meituan',
      'meituan',
      'alitrip',
      'tongcheng',
      'qunar',
      'elong',
      'API',
      'API',
    ]);
    expect(interfaceIdOf('/saas-hotel-app/channelInterface/saasInterface/interfaceConfig/listForSelect1001')).toBe(1001);
    expect(interfaceIdOf('/saas-hotel-app/hotel/list')).toBeNull();
  });
});
