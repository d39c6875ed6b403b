// The form of a distributor's own price and authorised stock: its rules and the body of
// the distributor price save (priceStoreDistributor/save, ticketPriceStoreDistributor/save). An empty authorised stock means the common stock is used.
import type { Rule } from '../components/form';
import { priceInput, priceOptionProblem, stockProblem } from './rules';
import { rangeRule, weekdayNumbers } from './priceForm';

export type OwnPriceFormValues = {
  distributorId: string;
  startDate: string;
  endDate: string;
  weekdays: string[];
  distributionPriceMode: string;
  distributionPrice: string;
  /** keep, common (use the common stock), set. */
  stockMode: string;
  authorizedStock: string;
};

export const emptyOwnPriceForm = (distributorId = ''): OwnPriceFormValues => ({
  distributorId,
  startDate: '',
  endDate: '',
  weekdays: [],
  distributionPriceMode: 'keep',
  distributionPrice: '',
  stockMode: 'keep',
  authorizedStock: '',
});

export function ownPriceRules(today: string): Partial<Record<keyof OwnPriceFormValues, Rule<OwnPriceFormValues>>> {
  return {
    distributorId: (v, intl) =>
      v.distributorId.trim() ? null : intl.formatMessage({ id: 'calendar.rules.distributor' }),
    startDate: rangeRule('startDate', today),
    endDate: rangeRule('endDate', today),
    weekdays: rangeRule('weekdays', today),
    distributionPrice: (v, intl) => {
      const id = priceOptionProblem({ mode: v.distributionPriceMode, value: v.distributionPrice });
      return id ? intl.formatMessage({ id }) : null;
    },
    authorizedStock: (v, intl) => {
      const id = v.stockMode === 'set' ? stockProblem(v.authorizedStock) : null;
      return id ? intl.formatMessage({ id }) : null;
    },
  };
}

/** The body of the distributor price save; what is kept is left out. */
export function ownPriceBody(productId: number, v: OwnPriceFormValues) {
  const body: Record<string, unknown> = {
    productId,
    distributorId: Number(v.distributorId),
    startDate: v.startDate,
    endDate: v.endDate,
    weekdays: weekdayNumbers(v),
  };
  const price = priceInput({ mode: v.distributionPriceMode, value: v.distributionPrice });
  if (price) body.distributionPrice = price;
  if (v.stockMode === 'common') body.authorizedStock = null;
  if (v.stockMode === 'set') body.authorizedStock = Number(v.authorizedStock.trim());
  return body;
}
