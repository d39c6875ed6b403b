// The paid services' rows as saas-main answers them.

import type { SaasMainApi } from '@tradewind/shared';

/** `BossService` of saas-main; the price in fen. */
export type ServiceRow = SaasMainApi['schemas']['BossService'];

/** `LicenceView` of saas-main. */
export type LicenceRow = SaasMainApi['schemas']['LicenceView'];

/** `BalanceLog` of saas-main. */
export type BalanceLogRow = SaasMainApi['schemas']['BalanceLog'];
