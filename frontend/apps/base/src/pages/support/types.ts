// Support tickets (work orders) as saas-main answers them.

import type { SaasMainApi } from '@tradewind/shared';

/** `Ticket` of saas-main. */
export type TicketRow = SaasMainApi['schemas']['Ticket'];
/** `TicketDetail` of saas-main: the ticket and its replies. */
export type TicketDetail = SaasMainApi['schemas']['TicketDetail'];

/** The customer's calls and the platform's support staff's. */
export const MINE = '/saas/support/mySupport';
export const WORK = '/saas/platform/workOrder';
export const SOLVED = 3;
