// Display formats of the shell: money from fen, dates and times, '--' for nothing.

/** Fen (the smallest unit) as yuan with `decimals` places (2 by default, clamped to 0..4). */
export function money(fen: number | null | undefined, decimals = 2): string {
  if (fen === null || fen === undefined || Number.isNaN(fen)) return '--';
  const places = Math.min(4, Math.max(0, Math.trunc(decimals)));
  return (fen / 100).toFixed(places);
}

/**
 * Yuan as typed ("688.5", "0.07", "-12") to whole fen with integer arithmetic only, so no float
 * drift reaches what is sent (12.3 -> 1230). Check the text first (`isAmount`): digits after
 * the second decimal are dropped.
 */
export function yuanToFen(yuan: string): number {
  const t = yuan.trim();
  const negative = t.startsWith('-');
  const [whole, frac = ''] = (negative ? t.slice(1) : t).split('.');
  const fen = Number(whole || '0') * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
  return negative ? -fen : fen;
}

/** Fen as yuan text with exactly two decimals, by integer arithmetic (a form's starting value). */
export function fenToYuan(fen: number): string {
  const abs = Math.abs(Math.trunc(fen));
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A millisecond timestamp as `YYYY-MM-DD HH:mm:ss` (or the date only); '--' when empty. */
export function dateTime(ms: number | null | undefined, withTime = true): string {
  if (!ms) return '--';
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '--';
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return withTime ? `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : day;
}

/** `YYYY-MM-DD` of a local date. */
export function day(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The services count days in China time (UTC+8, no daylight saving; platform::time). */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/**
 * The business day holding `ms` as `{ year, month (1-12), date }`, in China time as the services
 * count it: a browser elsewhere must not ask for "today" ending before the orders of the day.
 */
export function businessDay(ms: number = Date.now()): { year: number; month: number; date: number } {
  const d = new Date(ms + CHINA_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate() };
}

/** A period-over-period ratio (0.1234) as a percentage with 2 decimals (12.34). */
export function percent(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || Number.isNaN(ratio)) return '--';
  return (ratio * 100).toFixed(2);
}
