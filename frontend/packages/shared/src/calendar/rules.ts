// The price and stock calendar's browser-side rules (hotel-app's and ticket-app's calendars are
// one shape), as plain functions: the month grid, which dates a range with weekdays covers (as
// the services' DateSelection counts them), and the price options of the
// spec's price plan (keep, fixed, add, subtract, multiply, divide) checked and turned into the
// body priceStore/save takes. Prices are typed in yuan and sent in fen; factors go as typed.
import { yuanToFen } from '../format';

/** The services refuse a range of more dates than this (MAX_RANGE_DAYS). */
export const MAX_RANGE_DAYS = 366;
/** Stock of a date: 0 to this (MAX_STOCK). */
export const MAX_STOCK = 9999;

export const PRICE_MODES = ['keep', 'fixed', 'add', 'subtract', 'multiply', 'divide'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];

/** A distributor's own price may also go back to the common one. */
export const OWN_PRICE_MODES = [...PRICE_MODES, 'clear'] as const;
export type OwnPriceMode = (typeof OWN_PRICE_MODES)[number];

export interface PriceOption {
  mode: string;
  /** As typed: yuan for fixed, add and subtract; a factor for multiply and divide. */
  value: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a UTC day (dates here are calendar dates, never local times). */
export function isoDay(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The UTC midnight of `YYYY-MM-DD`, or null when it is not a real date. */
export function parseDay(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return isoDay(d) === s.trim() ? d : null;
}

/** 1 Monday .. 7 Sunday, as the service numbers weekdays. */
export function weekdayOf(d: Date): number {
  return ((d.getUTCDay() + 6) % 7) + 1;
}

/** The first and last dates of a month (`month` 1-12). */
export function monthRange(year: number, month: number): { startDate: string; endDate: string } {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const last = new Date(Date.UTC(year, month, 0));
  return { startDate: isoDay(first), endDate: isoDay(last) };
}

/** The month after (`step` 1) or before (-1) `year`/`month`. */
export function shiftMonth(year: number, month: number, step: number): { year: number; month: number } {
  const d = new Date(Date.UTC(year, month - 1 + step, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

/** The month as weeks from Monday to Sunday; null where a cell falls outside the month. */
export function monthWeeks(year: number, month: number): (string | null)[][] {
  const { startDate, endDate } = monthRange(year, month);
  const first = parseDay(startDate) as Date;
  const days = (parseDay(endDate) as Date).getUTCDate();
  const cells: (string | null)[] = Array<null>(weekdayOf(first) - 1).fill(null);
  for (let i = 1; i <= days; i += 1) cells.push(`${year}-${pad(month)}-${pad(i)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The dates `start..=end` falling on `weekdays` (none chosen: every day), in order. */
export function expandRange(start: string, end: string, weekdays: number[]): string[] {
  const first = parseDay(start);
  const last = parseDay(end);
  if (!first || !last || last < first) return [];
  const out: string[] = [];
  for (let d = first; d <= last; d = new Date(d.getTime() + 86_400_000)) {
    if (weekdays.length === 0 || weekdays.includes(weekdayOf(d))) out.push(isoDay(d));
  }
  return out;
}

/**
 * What is wrong with the chosen dates, as a message id: a date must be chosen before changing
 * a price, the end not before the start, at most MAX_RANGE_DAYS dates, none before `today`,
 * and the weekdays must fall in the range.
 */
export function rangeProblem(start: string, end: string, weekdays: number[], today: string): { field: 'startDate' | 'endDate' | 'weekdays'; id: string } | null {
  if (!start.trim()) return { field: 'startDate', id: 'calendar.rules.dateFirst' };
  if (!end.trim()) return { field: 'endDate', id: 'calendar.rules.dateFirst' };
  const first = parseDay(start);
  const last = parseDay(end);
  if (!first) return { field: 'startDate', id: 'calendar.rules.badDate' };
  if (!last) return { field: 'endDate', id: 'calendar.rules.badDate' };
  if (start < today) return { field: 'startDate', id: 'calendar.rules.past' };
  if (last < first) return { field: 'endDate', id: 'calendar.rules.endBeforeStart' };
  if ((last.getTime() - first.getTime()) / 86_400_000 + 1 > MAX_RANGE_DAYS) return { field: 'endDate', id: 'calendar.rules.tooLong' };
  if (expandRange(start, end, weekdays).length === 0) return { field: 'weekdays', id: 'calendar.rules.noWeekday' };
  return null;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The problem of one price option, as a message id: the selected option's input must not be
 * empty (fixed), a non-fixed option needs a number, amounts are yuan with at most 2 decimals,
 * nobody divides by zero.
 */
export function priceOptionProblem(o: PriceOption): string | null {
  const v = o.value.trim();
  if (o.mode === 'keep' || o.mode === 'clear' || o.mode === '') return null;
  if (!v) return o.mode === 'fixed' ? 'calendar.rules.optionEmpty' : 'calendar.rules.needNumber';
  if (!NUMBER.test(v) || v.startsWith('-')) return 'calendar.rules.notNumber';
  if (o.mode === 'divide' && Number(v) === 0) return 'calendar.rules.divideZero';
  if ((o.mode === 'multiply' || o.mode === 'divide') && Number(v) > 1000) return 'calendar.rules.factor';
  if ((o.mode === 'fixed' || o.mode === 'add' || o.mode === 'subtract') && !/^\d+(\.\d{1,2})?$/.test(v)) return 'calendar.rules.amount';
  return null;
}

/** The option as the service takes it; undefined (absent) keeps the price. */
export function priceInput(o: PriceOption): { mode: string; value?: number } | undefined {
  if (o.mode === 'keep' || o.mode === '') return undefined;
  if (o.mode === 'clear') return { mode: 'clear' };
  const v = o.value.trim();
  const value = o.mode === 'multiply' || o.mode === 'divide' ? Number(v) : yuanToFen(v);
  return { mode: o.mode, value };
}

/** A price after an option, fen (the preview of what the service will compute). */
export function applyOption(current: number, o: PriceOption): number {
  const p = priceInput(o);
  if (!p || p.value === undefined) return current;
  const round = (x: number) => Math.max(0, Math.sign(x) * Math.round(Math.abs(x)));
  switch (p.mode) {
    case 'fixed':
      return p.value;
    case 'add':
      return current + p.value;
    case 'subtract':
      return Math.max(0, current - p.value);
    case 'multiply':
      return round(current * p.value);
    case 'divide':
      return round(current / p.value);
    default:
      return current;
  }
}

/** Stock as typed: a whole number 0..MAX_STOCK. */
export function stockProblem(s: string): string | null {
  const v = s.trim();
  if (!v) return 'calendar.rules.stockNeeded';
  if (!/^\d+$/.test(v) || Number(v) > MAX_STOCK) return 'calendar.rules.stock';
  return null;
}
