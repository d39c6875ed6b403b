// finance-app's credit log (the spec's saasMchCreditLog; services/finance-app/src/store/
// credit_logs.rs `CreditLog`): one row per order of the tenant. Money in fen, days `YYYY-MM-DD`,
// times in ms (0 for none).

import type { FinanceAppApi } from '@tradewind/shared';

export type CreditLog = FinanceAppApi['schemas']['CreditLog'];
