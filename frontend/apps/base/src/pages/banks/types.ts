// finance-app's bank accounts of the tenant (services/finance-app/src/store/banks.rs `Bank`).

import type { FinanceAppApi } from '@tradewind/shared';

export type Bank = FinanceAppApi['schemas']['Bank'];
