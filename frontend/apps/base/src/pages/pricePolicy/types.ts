// The price policy's rows as saas-main answers them.

import type { SaasMainApi } from '@tradewind/shared';

/** `PriceGrade` of saas-main: a level with its distributors and rules counted. */
export type GradeRow = SaasMainApi['schemas']['PriceGrade'];
/** `GradeDeletion`: what deleting a level clears. */
export type GradeDeletion = SaasMainApi['schemas']['GradeDeletion'];
/** `PriceRule` of saas-main. */
export type RuleRow = SaasMainApi['schemas']['PriceRule'];
/** `Calculation`: a formula's price for sample prices, or its error with the position. */
export type Calculation = SaasMainApi['schemas']['Calculation'];
/** `CurrencyRate` of saas-main. */
export type RateRow = SaasMainApi['schemas']['CurrencyRate'];
/** `CurrencyView`: a currency of the table. */
export type CurrencyRow = SaasMainApi['schemas']['CurrencyView'];
/** `Conversion`: an amount converted at the tenant's rate. */
export type Conversion = SaasMainApi['schemas']['Conversion'];

export const PP = '/saas/pricePolicy';

/** The levels a rule or a new level may take: 0 to 9. */
export const LEVELS = Array.from({ length: 10 }, (_, i) => i);
