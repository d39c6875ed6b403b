// The confirmation SMS's length rule, as ticket-app applies it (domain/product.rs sms_parts).
import { smsParts } from './sms';

describe('the confirmation SMS', () => {
  it('is one message within 60 characters, counting a Chinese character as one', () => {
    expect(smsParts('')).toEqual(['']);
    const sixty = '票'.repeat(60);
    expect(smsParts(sixty)).toEqual([sixty]);
    expect(smsParts(`  ${sixty}  `)).toHaveLength(1);
  });

  it('is split in two of at most 60, after a break in the second half of the first 60', () => {
    expect(smsParts(`${'甲'.repeat(50)}，${'乙'.repeat(30)}`)).toEqual([`${'甲'.repeat(50)}，`, '乙'.repeat(30)]);
    // No break there: cut at 60 exactly.
    expect(smsParts('a'.repeat(61))?.map((p) => p.length)).toEqual([60, 1]);
    // A break in the first half does not count.
    expect(smsParts(`${'a'.repeat(10)} ${'b'.repeat(60)}`)?.map((p) => p.length)).toEqual([60, 11]);
    for (const n of [61, 100, 120]) {
      const parts = smsParts('b'.repeat(n));
      expect(parts?.every((p) => [...p].length <= 60)).toBe(true);
    }
  });

  it('is refused beyond two messages', () => {
    expect(smsParts('c'.repeat(121))).toBeNull();
  });
});
