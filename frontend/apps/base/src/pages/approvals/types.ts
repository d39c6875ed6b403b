// Approval requests as saas-main answers them.

import type { SaasMainApi } from '@tradewind/shared';

/** `Approval` of saas-main. */
export type ApprovalRow = SaasMainApi['schemas']['Approval'];

export const AP = '/saas/approval/request';
export const PENDING = 0;
