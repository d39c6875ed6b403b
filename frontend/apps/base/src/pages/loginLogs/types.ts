// The login log's rows as auth-center answers them.

import type { AuthCenterApi } from '@tradewind/shared';

/** `LoginLogView` of auth-center. */
export type LoginLogRow = AuthCenterApi['schemas']['LoginLogView'];
