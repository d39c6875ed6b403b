import { loginWindow } from './loginWindow';

describe('the last-login window', () => {
  it('runs from the first day to the end of the last', () => {
    const w = loginWindow('2026-11-01', '2026-11-02');
    expect(w.loginFrom).toBe(new Date('2026-11-01T00:00:00').getTime());
    expect(w.loginTo).toBe(new Date('2026-11-03T00:00:00').getTime());
  });

  it('leaves an empty or broken day open', () => {
    expect(loginWindow('', '')).toEqual({});
    expect(loginWindow('nope', '')).toEqual({});
    expect(loginWindow('', '2026-12-31').loginTo).toBe(new Date('2027-01-01T00:00:00').getTime());
  });
});
