// The permission groups' rows as auth-center answers them.

import type { AuthCenterApi } from '@tradewind/shared';

/** `GroupView` of auth-center. */
export type GroupRow = AuthCenterApi['schemas']['GroupView'];
