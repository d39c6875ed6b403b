// finance-app's credit accounts and their changes (services/finance-app/src/store/accounts.rs):
// money in fen, days `YYYY-MM-DD`, times in ms. The balance pages show the same rows.

import type { FinanceAppApi } from '@tradewind/shared';

/** `Account`: a distributor's credit account as the credit and balance lists answer it. */
export type Account = FinanceAppApi['schemas']['Account'];

/** `LimitChange`: one change of a distributor's limits, who, why, before and after. */
export type LimitChange = FinanceAppApi['schemas']['LimitChange'];
