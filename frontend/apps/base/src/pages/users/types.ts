// The users' rows as auth-center answers them.

import type { AuthCenterApi } from '@tradewind/shared';

/** `UserView` of auth-center. */
export type UserRow = AuthCenterApi['schemas']['UserView'];
