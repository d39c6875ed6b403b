// The setting dialog's form: its values as typed, its rules (calendarRules) bound to the fields
// the service names in a 412, and the body of the calendar's save (priceStore/save, ticketPriceStore/save).
import type { IntlShape } from 'react-intl';
import type { FormValues, Rule } from '../components/form';
import { expandRange, priceInput, priceOptionProblem, rangeProblem, stockProblem, type PriceOption } from './rules';

export type PriceField = 'purchasePrice' | 'distributionPrice' | 'retailPrice';
export const PRICE_FIELDS: PriceField[] = ['distributionPrice', 'purchasePrice', 'retailPrice'];

export type PriceFormValues = {
  startDate: string;
  endDate: string;
  /** '1' Monday .. '7' Sunday; none: every day. */
  weekdays: string[];
  purchasePriceMode: string;
  purchasePrice: string;
  distributionPriceMode: string;
  distributionPrice: string;
  retailPriceMode: string;
  retailPrice: string;
  /** keep, limited, unlimited. */
  stockType: string;
  stock: string;
  /** keep, open, closed. */
  closed: string;
};

export function emptyPriceForm(startDate = '', endDate = startDate): PriceFormValues {
  return {
    startDate,
    endDate,
    weekdays: [],
    purchasePriceMode: 'keep',
    purchasePrice: '',
    distributionPriceMode: 'keep',
    distributionPrice: '',
    retailPriceMode: 'keep',
    retailPrice: '',
    stockType: 'keep',
    stock: '',
    closed: 'keep',
  };
}

export const weekdayNumbers = (v: { weekdays: string[] }) => v.weekdays.map(Number).sort((a, b) => a - b);

export const optionOf = (v: PriceFormValues, f: PriceField): PriceOption => ({ mode: v[`${f}Mode`], value: v[f] });

/** A rule on one of the date fields, from the range's first problem. */
export function rangeRule<V extends FormValues & { startDate: string; endDate: string; weekdays: string[] }>(
  field: 'startDate' | 'endDate' | 'weekdays',
  today: string,
): Rule<V> {
  return (v: V, intl: IntlShape) => {
    const p = rangeProblem(v.startDate, v.endDate, weekdayNumbers(v), today);
    return p && p.field === field ? intl.formatMessage({ id: p.id }) : null;
  };
}

export function priceFormRules(today: string): Partial<Record<keyof PriceFormValues, Rule<PriceFormValues>>> {
  const price =
    (f: PriceField): Rule<PriceFormValues> =>
    (v, intl) => {
      const id = priceOptionProblem(optionOf(v, f));
      return id ? intl.formatMessage({ id }) : null;
    };
  return {
    startDate: rangeRule('startDate', today),
    endDate: rangeRule('endDate', today),
    weekdays: rangeRule('weekdays', today),
    purchasePrice: price('purchasePrice'),
    distributionPrice: price('distributionPrice'),
    retailPrice: price('retailPrice'),
    stock: (v, intl) => {
      const id = v.stockType === 'limited' ? stockProblem(v.stock) : null;
      return id ? intl.formatMessage({ id }) : null;
    },
  };
}

/** The body of the calendar's save; what is kept is left out. */
export function priceSaveBody(productId: number, v: PriceFormValues) {
  const body: Record<string, unknown> = {
    productId,
    startDate: v.startDate,
    endDate: v.endDate,
    weekdays: weekdayNumbers(v),
  };
  for (const f of PRICE_FIELDS) {
    const input = priceInput(optionOf(v, f));
    if (input) body[f] = input;
  }
  if (v.stockType === 'limited') {
    body.stockType = 'limited';
    body.stock = Number(v.stock.trim());
  } else if (v.stockType === 'unlimited') {
    body.stockType = 'unlimited';
  }
  if (v.closed !== 'keep') body.closed = v.closed === 'closed';
  return body;
}

/** How many dates the change covers (shown in the dialog before saving). */
export function coveredDates(v: PriceFormValues): number {
  return expandRange(v.startDate, v.endDate, weekdayNumbers(v)).length;
}
