// The API users' rows as auth-center answers them.

import type { AuthCenterApi } from '@tradewind/shared';

/** `ApiUserView` of auth-center. */
export type ApiUserRow = AuthCenterApi['schemas']['ApiUserView'];
