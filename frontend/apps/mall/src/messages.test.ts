// The checks every remote passes (messages, titles, labels, permission codes), the mall's menus
// from permission codes, and the rules of its forms.
import { buildMenu } from '@tradewind/shared';
import { checkRemote } from '@tradewind/shared/src/testing';
import remote from './routes';
import { ENUMS } from './enums';
import { imagesOf, productBody, emptyProductForm } from './pages/products/productForm';
import { sessionBody, emptySessionForm } from './pages/snapups/sessionForm';
import { moved } from './pages/themes/themeForm';
import { countdown, fromLocalInput, toLocalInput } from './time';

checkRemote(remote, { ns: 'mall', app: 'saas-mall-app', enums: ENUMS });

describe('mall menus', () => {
  const menu = (codes: string[], mscType = 300, mchId = 0) =>
    buildMenu(remote.routes, '/saas-mall-app', { mscType, mchId, codes: new Set(codes) }).flatMap((m) => m.children.map((c) => c.path));

  it('gives the staff the four pages of the spec', () => {
    expect(
      menu(['/saas/mall/products/list:GET', '/saas/mall/themes/list:GET', '/saas/mall/snapups/list:GET', '/saas/mall/snapups/live:GET']),
    ).toEqual([
      '/saas-mall-app/product/ProductManagementList',
      '/saas-mall-app/product/ThemeManange',
      '/saas-mall-app/product/online-snapup',
      '/saas-mall-app/product/snapup-place-order',
    ]);
  });

  it("gives a distributor holding the demo group's codes the products, themes and the buyer's page", () => {
    expect(menu(['/saas/mall/products/list:GET', '/saas/mall/themes/list:GET', '/saas/mall/snapups/live:GET', '/saas/mall/orders/place:POST'], 312, 2002)).toEqual([
      '/saas-mall-app/product/ProductManagementList',
      '/saas-mall-app/product/ThemeManange',
      '/saas-mall-app/product/snapup-place-order',
    ]);
  });

  it('shows nothing without mall codes', () => {
    expect(menu(['/saas/hotel/hotelInfos/list:GET'])).toEqual([]);
  });
});

describe('mall forms', () => {
  it('sends the price in fen by integer arithmetic and a general product without another product', () => {
    const v = { ...emptyProductForm(0), productName: ' Tea ', price: '268.10', stock: '5', productId: '77', saleStart: '2026-12-01T10:00', saleEnd: '2026-12-02T10:00' };
    const body = productBody(v);
    expect(body.price).toBe(26810);
    expect(body.productName).toBe('Tea');
    expect(body.productId).toBe(0);
    expect(body.saleTimeRange).toEqual([fromLocalInput('2026-12-01T10:00'), fromLocalInput('2026-12-02T10:00')]);
    expect(productBody({ ...v, saleType: '10' }).productId).toBe(77);
  });

  it('reads image addresses one a line', () => {
    expect(imagesOf(' https://a/1.png \n\n/b.png ')).toEqual(['https://a/1.png', '/b.png']);
  });

  it('sends a session limit with its target only when it counts someone', () => {
    const v = { ...emptySessionForm(0), mallProductId: '5', snapupPrice: '99', stock: '3', typeLimitGoods: '2', typeLimitTarget: '2', limitNum: '2' };
    expect(sessionBody(v)).toMatchObject({ mallProductId: 5, snapupPrice: 9900, stock: 3, typeLimitGoods: 2, typeLimitTarget: 2, limitNum: 2 });
    expect(sessionBody({ ...v, typeLimitGoods: '1' })).toMatchObject({ typeLimitTarget: -1, limitNum: 2 });
    expect(sessionBody({ ...v, typeLimitGoods: '0' })).toMatchObject({ typeLimitTarget: -1, limitNum: 0 });
  });

  it('moves a theme product by dragging or a step', () => {
    expect(moved([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moved([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moved([1, 2], 0, 5)).toEqual([1, 2]);
  });

  it('counts down and reads local times', () => {
    expect(countdown(90_061_000, 0)).toBe('1d 01:01:01');
    expect(countdown(5_000, 0)).toBe('00:00:05');
    expect(countdown(0, 10)).toBe('00:00:00');
    expect(Number.isNaN(fromLocalInput('soon'))).toBe(true);
    const ms = fromLocalInput('2026-11-26T09:30');
    expect(toLocalInput(ms)).toBe('2026-11-26T09:30');
  });
});
