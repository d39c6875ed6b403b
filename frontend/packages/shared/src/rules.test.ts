import { describe, expect, it } from 'vitest';
import { allowedDisplayTypes, capMonthly, defaultDisplayType, rangeDays } from './chart';
import { dateTime, fenToYuan, money, percent, yuanToFen } from './format';
import { buildMenu, mayOpen, topMenu, type AppRoute, type Viewer } from './menu';
import { imageList, isAmount, isClock, isEmail, isImageUrl, isMobile, isPhone, loginProblem, passwordChangeProblem } from './validate';

const page = () => Promise.resolve({ default: () => null });

const routes: AppRoute[] = [
  {
    path: 'order',
    meta: { title: 'orders', order: 2 },
    children: [
      { path: 'sys/list', meta: { title: 'sys', perm: '/saas/order/sys/list:GET', order: 3 }, page },
      { path: 'channel/list', meta: { title: 'channel', perm: '/saas/order/channel/list:GET', order: 1, hiddenFor: [300] }, page },
      { path: 'detail', meta: { title: 'detail', perm: '/saas/order/sys/load:GET', hidden: true }, page },
    ],
  },
  { path: 'empty', meta: { title: 'empty', order: 1 }, children: [{ path: 'x', meta: { title: 'x', perm: '/saas/x:GET' }, page }] },
  { path: 'about', meta: { title: 'about', ignore: true }, page },
  { path: 'saas-info', meta: { title: 'saasInfo', ignore: true, scope: 'tenant' }, page },
  { path: 'mch-info', meta: { title: 'mchInfo', ignore: true, scope: 'merchant' }, page },
];

const viewer = (codes: string[], mscType = 200, mchId = 0): Viewer => ({ codes: new Set(codes), mscType, mchId });

describe('the menu builder', () => {
  it('keeps permitted pages, drops hidden ones and empty parents, sorts by order (999 by default)', () => {
    const menu = buildMenu(routes, '/saas-hotel-app', viewer(['/saas/order/sys/list:GET', '/saas/order/channel/list:GET', '/saas/order/sys/load:GET']));
    expect(menu.map((m) => m.title)).toEqual(['orders', 'about', 'saasInfo']);
    expect(menu[0].children.map((c) => [c.title, c.path])).toEqual([
      ['channel', '/saas-hotel-app/order/channel/list'],
      ['sys', '/saas-hotel-app/order/sys/list'],
    ]);
  });

  it('hides the channel list from operator users (300) and scopes info pages by merchant', () => {
    const menu = buildMenu(routes, '/h', viewer(['/saas/order/sys/list:GET', '/saas/order/channel/list:GET'], 300, 2001));
    expect(menu[0].children.map((c) => c.title)).toEqual(['sys']);
    expect(menu.map((m) => m.title)).toContain('mchInfo');
    expect(menu.map((m) => m.title)).not.toContain('saasInfo');
    expect(mayOpen(routes[0].children![2], viewer(['/saas/order/sys/load:GET']))).toBe(true);
  });

  it('shows applications with displayStatus 2, ticket always, weixin for operator users', () => {
    const apps = [
      { appId: 50, appName: 'common-weixin-server', appRegName: 'WeChat', displayStatus: 1, sort: 4 },
      { appId: 110, appName: 'saas-ticket-app', appRegName: 'Ticket', displayStatus: 1, sort: 3 },
      { appId: 36, appName: 'saas-hotel-app', appRegName: 'Hotel', displayStatus: 2, sort: 2 },
      { appId: 60, appName: 'saas-mall-app', appRegName: 'Mall', displayStatus: 1, sort: 5 },
    ];
    expect(topMenu(apps, 200).map((a) => a.appId)).toEqual([36, 110]);
    expect(topMenu(apps, 300).map((a) => a.appId)).toEqual([36, 110, 50]);
  });
});

describe('chart display types', () => {
  it('allow hourly up to 7 days, daily up to 90, monthly beyond, capped at 12 points', () => {
    expect(rangeDays(new Date(2026, 0, 1), new Date(2026, 0, 7))).toBe(7);
    expect(allowedDisplayTypes(7)).toEqual([1, 2]);
    expect(defaultDisplayType(7)).toBe(1);
    expect(allowedDisplayTypes(8)).toEqual([2, 3]);
    expect(defaultDisplayType(90)).toBe(2);
    expect(allowedDisplayTypes(91)).toEqual([3]);
    expect(capMonthly([...Array(14).keys()], 3)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(capMonthly([1, 2], 2)).toEqual([1, 2]);
  });
});

describe('validation helpers', () => {
  it('amounts', () => {
    for (const ok of ['0', '12', '12.5', '12.34', '0.5', '0.05', '5.25']) expect(isAmount(ok), ok).toBe(true);
    for (const bad of ['012', '1.234', '-1', 'abc', '', '.5']) expect(isAmount(bad), bad).toBe(false);
  });
  it('phones and e-mail', () => {
    expect(isMobile('13812345678')).toBe(true);
    expect(isMobile('12812345678')).toBe(false);
    expect(isMobile('1381234567')).toBe(false);
    expect(isPhone('010-12345678')).toBe(true);
    expect(isPhone('1234567')).toBe(true);
    expect(isPhone('01-1234567')).toBe(false);
    expect(isEmail('ops@example.com')).toBe(true);
    expect(isEmail('ops@example.info')).toBe(true);
    expect(isEmail('sales@agency.travel')).toBe(true);
    expect(isEmail('ops@example.c')).toBe(false);
    expect(isEmail('ops.example.com')).toBe(false);
  });
  it('login and password-change forms', () => {
    expect(loginProblem('  ', 'secret1')).toBe('username');
    expect(loginProblem('admin', '12345')).toBe('password');
    expect(loginProblem(' admin ', '123456')).toBeNull();
    const f = { oldPassword: 'a', newPassword: 'b', repeatNewPassword: 'c' };
    expect(passwordChangeProblem({ ...f, oldPassword: '' })).toBe('oldRequired');
    expect(passwordChangeProblem({ ...f, newPassword: '' })).toBe('newRequired');
    expect(passwordChangeProblem({ ...f, repeatNewPassword: '' })).toBe('repeatRequired');
    expect(passwordChangeProblem(f)).toBe('notEqual');
    expect(passwordChangeProblem({ ...f, repeatNewPassword: 'b' })).toBeNull();
  });
});

describe('formatting', () => {
  it('money from fen with 2 decimals by default, at most 4', () => {
    expect(money(68000)).toBe('680.00');
    expect(money(12345, 0)).toBe('123');
    expect(money(12345, 9)).toBe('123.4500');
    expect(money(null)).toBe('--');
  });
  it('yuan as typed to whole fen and back, by integer arithmetic', () => {
    expect(yuanToFen('688.5')).toBe(68_850);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('19.99')).toBe(1_999);
    expect(yuanToFen(' 50000 ')).toBe(5_000_000);
    // 0.1 + 0.2 and 1.005 * 100 drift in floating point; the text does not.
    expect(yuanToFen('0.30')).toBe(30);
    expect(yuanToFen('1.005')).toBe(100);
    expect(yuanToFen('4.35')).toBe(435);
    expect(yuanToFen('10000000000.00')).toBe(1_000_000_000_000);
    expect(yuanToFen('-12.3')).toBe(-1_230);
    expect(fenToYuan(435)).toBe('4.35');
    expect(fenToYuan(7)).toBe('0.07');
    expect(fenToYuan(5_000_000)).toBe('50000.00');
    expect(fenToYuan(-1_230)).toBe('-12.30');
    expect(yuanToFen(fenToYuan(1_000_000_000_001))).toBe(1_000_000_000_001);
  });
  it('dates, and -- for nothing', () => {
    const ms = new Date(2026, 10, 3, 4, 5, 6).getTime();
    expect(dateTime(ms)).toBe('2026-11-03 04:05:06');
    expect(dateTime(ms, false)).toBe('2026-11-03');
    expect(dateTime(0)).toBe('--');
    expect(percent(0.12345)).toBe('12.35');
  });
});

describe('shared messages', () => {
  it('have the same ids in both languages', async () => {
    const zh = (await import('./messages/zh-CN')).default;
    const en = (await import('./messages/en')).default;
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });
});

describe('the catalogue field rules', () => {
  it('takes a time of day as HH:MM only', () => {
    for (const ok of ['00:00', '08:30', '23:59', ' 14:00 ']) expect(isClock(ok)).toBe(true);
    for (const bad of ['24:00', '8:30', '12:60', '12-00', '']) expect(isClock(bad)).toBe(false);
  });

  it('takes http(s) image addresses with a host and no blanks', () => {
    expect(isImageUrl('https://img.example/a.jpg')).toBe(true);
    expect(isImageUrl('http://img.example')).toBe(true);
    for (const bad of ['ftp://img.example/a.jpg', 'https://', 'https://:80/a', 'https://img.example/a b.jpg', `https://x/${'a'.repeat(520)}`]) {
      expect(isImageUrl(bad)).toBe(false);
    }
  });

  it('reads the image addresses one a line', () => {
    expect(imageList(' https://a/1.jpg \n\n https://a/2.jpg\n')).toEqual(['https://a/1.jpg', 'https://a/2.jpg']);
    expect(imageList('')).toEqual([]);
  });
});
