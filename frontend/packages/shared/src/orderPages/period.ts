// A report's period: order dates from `startDate` to `endDate` inclusive, at most a year (the
// services answer 412 otherwise); the current month up to today by default.
import { parseDay } from '../calendar/rules';
import { businessDay } from '../format';

export interface Period {
  startDate: string;
  endDate: string;
}

export function defaultPeriod(nowMs: number = Date.now()): Period {
  const pad = (n: number) => String(n).padStart(2, '0');
  // The business day (China time), as the services date orders: not the browser's.
  const today = businessDay(nowMs);
  const m = `${today.year}-${pad(today.month)}`;
  return { startDate: `${m}-01`, endDate: `${m}-${pad(today.date)}` };
}

/** What is wrong with the period (the last part of its message id), or null. */
export function periodProblem(p: Period): 'dates' | 'order' | 'tooLong' | null {
  const a = parseDay(p.startDate);
  const b = parseDay(p.endDate);
  if (!a || !b) return 'dates';
  if (b < a) return 'order';
  if ((b.getTime() - a.getTime()) / 86_400_000 >= 366) return 'tooLong';
  return null;
}
