// The merchant's own information as saas-main answers it.

import type { SaasMainApi } from '@tradewind/shared';

/** `MchSummary` of saas-main: the merchant's record without the tenant's price rules and remarks. */
export type MchSummary = SaasMainApi['schemas']['MchSummary'];
