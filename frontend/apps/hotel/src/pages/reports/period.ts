// The report's period: order dates from `startDate` to `endDate` inclusive, at most a year
// (hotel-app answers 412 otherwise); the current month up to today by default.
import { businessDay, parseDay } from '@tradewind/shared';

export interface Period {
  startDate: string;
  endDate: string;
}

export function defaultPeriod(nowMs: number = Date.now()): Period {
  const pad = (n: number) => String(n).padStart(2, '0');
  // The business day (China time), as hotel-app dates orders: not the browser's.
  const today = businessDay(nowMs);
  const m = `${today.year}-${pad(today.month)}`;
  return { startDate: `${m}-01`, endDate: `${m}-${pad(today.date)}` };
}

/** The message id of what is wrong with the period, or null. */
export function periodProblem(p: Period): string | null {
  const a = parseDay(p.startDate);
  const b = parseDay(p.endDate);
  if (!a || !b) return 'hotel.report.rules.dates';
  if (b < a) return 'hotel.report.rules.order';
  if ((b.getTime() - a.getTime()) / 86_400_000 >= 366) return 'hotel.report.rules.tooLong';
  return null;
}
