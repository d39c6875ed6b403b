// Amounts the finance pages take: typed in yuan (at most two decimals), checked as finance-app
// checks them, and sent in fen computed from the text by integer arithmetic (`yuanToFen`), never
// through a float.
import { isAmount, rules, yuanToFen, type FormValues, type Rule } from '@tradewind/shared';

/** finance-app's MONEY_MAX: 10,000,000,000 yuan, in fen. */
export const MONEY_MAX_FEN = 1_000_000_000_000;

/**
 * The problem of an amount as typed, as a message id: not an amount of yuan with at most two
 * decimals, more than finance-app takes, or (when `positive`) not more than 0. Empty is no
 * problem here (`rules.required` says it).
 */
export function amountProblem(text: string, positive = false): string | null {
  const t = text.trim();
  if (t === '') return null;
  if (!isAmount(t) || t.split('.')[0].length > 11) return 'form.amount';
  const fen = yuanToFen(t);
  if (fen > MONEY_MAX_FEN) return 'base.money.max';
  if (positive && fen <= 0) return 'base.money.positive';
  return null;
}

/** A form rule of an amount field: required (with `label`), then `amountProblem`. */
export function amountRule<V extends FormValues>(name: keyof V & string, label: string, o: { required?: boolean; positive?: boolean } = {}): Rule<V> {
  const shape: Rule<V> = (v, intl) => {
    const id = amountProblem(String(v[name]), o.positive);
    return id ? intl.formatMessage({ id }) : null;
  };
  return o.required ? rules.all(rules.required(name, label), shape) : shape;
}

/** An optional amount: empty is 0 fen. */
export function fenOf(text: string): number {
  return text.trim() === '' ? 0 : yuanToFen(text);
}
