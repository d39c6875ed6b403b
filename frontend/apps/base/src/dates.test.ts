import { dayEndMs, dayStartMs } from './dates';

describe('day bounds', () => {
  it('spans the whole local day', () => {
    const start = dayStartMs('2026-03-01');
    const end = dayEndMs('2026-03-01');
    expect(start).toBe(new Date(2026, 2, 1).getTime());
    expect(end).toBe(new Date(2026, 2, 2).getTime() - 1);
  });

  it('is undefined without a date', () => {
    expect(dayStartMs('')).toBeUndefined();
    expect(dayEndMs('2026-3-1')).toBeUndefined();
  });
});
