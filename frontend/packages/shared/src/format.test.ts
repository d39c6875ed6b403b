import { describe, expect, it } from 'vitest';
import { businessDay } from './format';

describe('businessDay', () => {
  it('counts days in China time, whatever the browser zone', () => {
    // 2026-11-25 15:59 UTC is 23:59 in China; one minute later it is the 26th there.
    expect(businessDay(Date.UTC(2026, 10, 25, 15, 59))).toEqual({ year: 2026, month: 11, date: 25 });
    expect(businessDay(Date.UTC(2026, 10, 25, 16, 0))).toEqual({ year: 2026, month: 11, date: 26 });
    expect(businessDay(Date.UTC(2026, 11, 31, 16, 30))).toEqual({ year: 2027, month: 1, date: 1 });
  });
});
