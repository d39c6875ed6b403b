// The activity chart's ranges: the last N days ending yesterday.
import { day } from '@tradewind/shared';

export const ACTIVITY_SHORTCUTS = [7, 30, 90, 180, 365].map((days) => ({ days }));

/** The last `days` days ending yesterday, as `YYYY-MM-DD` (sent as whole days). */
export function activityRange(days: number, now = new Date()): { start: string; end: string } {
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const first = new Date(yesterday.getFullYear(), yesterday.getMonth(), yesterday.getDate() - (days - 1));
  return { start: day(first), end: day(yesterday) };
}
