// The action log's rows as auth-center answers them.

import type { AuthCenterApi } from '@tradewind/shared';

/** `ActionLogView` of auth-center. */
export type ActionLogRow = AuthCenterApi['schemas']['ActionLogView'];
