// The balance chart's days: the last 30 business days (China time, as finance-app counts days)
// by default, and what finance-app refuses (a missing or reversed date, more than 366 days).
import { businessDay } from '@tradewind/shared';

export interface ChartRange {
  startDate: string;
  endDate: string;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

function utcDay(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) ? t : null;
}

function dayText(t: number): string {
  const d = new Date(t);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The longest span finance-app draws, in days. */
export const CHART_DAYS_MAX = 366;

/** The 30 days ending today (the business day of `nowMs`). */
export function defaultRange(nowMs: number = Date.now()): ChartRange {
  const today = businessDay(nowMs);
  const end = Date.UTC(today.year, today.month - 1, today.date);
  return { startDate: dayText(end - 29 * DAY_MS), endDate: dayText(end) };
}

/** The message id of what is wrong with the days, or null. */
export function rangeProblem(r: ChartRange): string | null {
  const a = utcDay(r.startDate);
  const b = utcDay(r.endDate);
  if (a === null || b === null) return 'base.balances.rules.dates';
  if (b < a) return 'base.common.datesReversed';
  if ((b - a) / DAY_MS + 1 > CHART_DAYS_MAX) return 'base.balances.rules.tooLong';
  return null;
}
