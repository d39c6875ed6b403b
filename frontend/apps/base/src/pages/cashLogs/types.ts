// finance-app's cash log (services/finance-app/src/store/accounts.rs `CashLog`): prepaid money
// put into and taken out of distributors' balances. Money in fen, times in ms.

import type { FinanceAppApi } from '@tradewind/shared';

export type CashLog = FinanceAppApi['schemas']['CashLog'];
