// Rules of the dashboard's order chart: which display types a date range allows.

/** 1 hourly, 2 daily, 3 monthly. */
export type DisplayType = 1 | 2 | 3;

const DAY_MS = 86_400_000;

/** Days covered by a range, counting both ends' days. */
export function rangeDays(start: Date, end: Date): number {
  const a = Date.UTC(start.getFullYear(), start.getMonth(), start.getDate());
  const b = Date.UTC(end.getFullYear(), end.getMonth(), end.getDate());
  return Math.floor((b - a) / DAY_MS) + 1;
}

/** Up to 7 days: hourly or daily (hourly first); 8 to 90: daily or monthly; longer: monthly. */
export function allowedDisplayTypes(days: number): DisplayType[] {
  if (days <= 7) return [1, 2];
  if (days <= 90) return [2, 3];
  return [3];
}

export function defaultDisplayType(days: number): DisplayType {
  return allowedDisplayTypes(days)[0];
}

/** A monthly series shows at most 12 points: the last 12. */
export function capMonthly<T>(points: T[], displayType: DisplayType): T[] {
  return displayType === 3 && points.length > 12 ? points.slice(points.length - 12) : points;
}

/** The shortcuts of the chart's range picker, in days back from now. */
export const RANGE_SHORTCUTS: { id: string; days: number }[] = [
  { id: 'week', days: 7 },
  { id: 'month', days: 30 },
  { id: 'quarter', days: 90 },
  { id: 'halfYear', days: 180 },
  { id: 'year', days: 365 },
];
