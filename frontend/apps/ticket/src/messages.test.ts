// The checks every remote passes (messages, titles, labels, permission codes), and the ticket
// routes other parts rely on.
import { buildMenu, mayOpen } from '@tradewind/shared';
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
