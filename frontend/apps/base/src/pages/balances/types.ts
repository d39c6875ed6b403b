// finance-app's balance chart (services/finance-app/src/domain/credit.rs `DayPoint`): one
// distributor's balance and used credit at the end of each day, in fen. The balance list's rows
// are the credit accounts (../credit/types.ts).

import type { FinanceAppApi } from '@tradewind/shared';

export type DayPoint = FinanceAppApi['schemas']['DayPoint'];
