// The checks every remote passes (messages, titles, labels, permission codes), the weixin menus
// from permission codes, and the rules of the configuration form.
import { buildMenu } from '@tradewind/shared';
import { checkRemote } from '@tradewind/shared/src/testing';
import remote from './routes';
import { ENUMS } from './enums';
import { configBody, emptyConfigForm } from './pages/configs/configForm';

checkRemote(remote, { ns: 'weixin', app: 'common-weixin-server', enums: ENUMS });

describe('weixin menus', () => {
  const menu = (codes: string[], mscType = 300, mchId = 0) =>
    buildMenu(remote.routes, '/common-weixin-server', { mscType, mchId, codes: new Set(codes) }).flatMap((m) => m.children.map((c) => c.path));

  it('gives the staff the pages their codes allow', () => {
    expect(
      menu(['/saas/mp/config/list:GET', '/saas/mp/user/list:GET', '/saas/mp/message/list:GET', '/saas/ma/config/list:GET', '/saas/ma/user/list:GET']),
    ).toEqual([
      '/common-weixin-server/mp/config/list',
      '/common-weixin-server/mp/user/list',
      '/common-weixin-server/mp/message/list',
      '/common-weixin-server/ma/config/list',
      '/common-weixin-server/ma/user/list',
    ]);
    expect(menu(['/saas/mp/user/list:GET'])).toEqual(['/common-weixin-server/mp/user/list']);
  });

  it('shows nothing without weixin codes (a binding alone is no page)', () => {
    expect(menu(['/saas/mp/bind/bindQrCode:GET', '/saas/mp/info/baseInfo:GET'], 311, 2001)).toEqual([]);
  });
});

describe('the configuration form', () => {
  it('sends trimmed fields, empty secrets (kept) and an official account its template ids', () => {
    const v = { ...emptyConfigForm(), name: ' Service ', appId: ' wx0123456789abcdef ', template10: ' TMPL_A ', template11: ' ' };
    const body = configBody('mp', v);
    expect(body).toMatchObject({ name: 'Service', appId: 'wx0123456789abcdef', appSecret: '', state: 1, templates: { '10': 'TMPL_A' } });
    expect(configBody('ma', v).templates).toBeUndefined();
  });
});
