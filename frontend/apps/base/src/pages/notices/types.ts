// The notices' rows as saas-main answers them.

import type { SaasMainApi } from '@tradewind/shared';

/** `Notice` of saas-main. */
export type NoticeRow = SaasMainApi['schemas']['Notice'];
