import { describe, expect, it } from 'vitest';
import { activityRange } from './activityRange';

describe('activity ranges', () => {
  it('end yesterday and span the chosen days', () => {
    const now = new Date(2026, 10, 23, 10);
    expect(activityRange(7, now)).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(activityRange(30, now)).toEqual({ start: '2026-10-24', end: '2026-11-22' });
    expect(activityRange(365, now).end).toBe('2026-11-22');
  });
});
