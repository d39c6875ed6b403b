// The calendar's rules as the setting dialog applies them before anything is sent.
import { applyOption, expandRange, monthRange, monthWeeks, priceInput, priceOptionProblem, rangeProblem, shiftMonth, stockProblem, weekdayOf, parseDay } from './rules';
import { yuanToFen } from '../format';
import { emptyPriceForm, priceSaveBody } from './priceForm';
import { emptyOwnPriceForm, ownPriceBody } from './ownPriceForm';

describe('calendar range expansion', () => {
  it('picks the chosen weekdays of the range, every day when none is chosen', () => {
    expect(expandRange('2026-11-23', '2026-12-06', [6, 7])).toEqual(['2026-11-28', '2026-11-29', '2026-12-05', '2026-12-06']);
    expect(expandRange('2026-11-23', '2026-11-25', [])).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    expect(expandRange('2026-11-25', '2026-11-24', [])).toEqual([]);
    expect(expandRange('2028-02-28', '2028-03-01', [])).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('numbers weekdays from Monday 1 to Sunday 7 and refuses dates that do not exist', () => {
    expect(weekdayOf(parseDay('2026-11-23') as Date)).toBe(1);
    expect(weekdayOf(parseDay('2026-11-29') as Date)).toBe(7);
    expect(parseDay('2026-11-31')).toBeNull();
    expect(parseDay('26-11-01')).toBeNull();
  });

  it('lays a month out in weeks from Monday', () => {
    const weeks = monthWeeks(2026, 11);
    // 1 November 2026 is a Sunday.
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks).toHaveLength(6);
    expect(weeks[5][0]).toBe('2026-11-30');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(monthRange(2026, 2)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
  });
});

describe('date rules', () => {
  const today = '2026-11-24';
  it('needs a date before a price changes', () => {
    expect(rangeProblem('', '2026-11-30', [], today)).toEqual({ field: 'startDate', id: 'calendar.rules.dateFirst' });
    expect(rangeProblem('2026-11-30', '', [], today)).toEqual({ field: 'endDate', id: 'calendar.rules.dateFirst' });
  });
  it('refuses past dates, a reversed range, more than 366 dates and weekdays outside the range', () => {
    expect(rangeProblem('2026-11-23', '2026-11-30', [], today)?.id).toBe('calendar.rules.past');
    expect(rangeProblem('2026-11-30', '2026-11-29', [], today)?.id).toBe('calendar.rules.endBeforeStart');
    expect(rangeProblem('2026-11-24', '2027-11-25', [], today)?.id).toBe('calendar.rules.tooLong');
    expect(rangeProblem('2026-11-24', '2027-11-24', [], today)).toBeNull();
    expect(rangeProblem('2026-11-24', '2026-11-25', [6], today)).toEqual({ field: 'weekdays', id: 'calendar.rules.noWeekday' });
  });
});

describe('price options', () => {
  it('keeps without a number and needs one for every other option', () => {
    expect(priceOptionProblem({ mode: 'keep', value: '' })).toBeNull();
    expect(priceOptionProblem({ mode: 'fixed', value: ' ' })).toBe('calendar.rules.optionEmpty');
    for (const mode of ['add', 'subtract', 'multiply', 'divide']) {
      expect(priceOptionProblem({ mode, value: '' })).toBe('calendar.rules.needNumber');
    }
  });
  it('never divides by zero and takes amounts with at most 2 decimals', () => {
    expect(priceOptionProblem({ mode: 'divide', value: '0' })).toBe('calendar.rules.divideZero');
    expect(priceOptionProblem({ mode: 'divide', value: '0.00' })).toBe('calendar.rules.divideZero');
    expect(priceOptionProblem({ mode: 'multiply', value: '0' })).toBeNull();
    expect(priceOptionProblem({ mode: 'multiply', value: '1001' })).toBe('calendar.rules.factor');
    expect(priceOptionProblem({ mode: 'fixed', value: '12.345' })).toBe('calendar.rules.amount');
    expect(priceOptionProblem({ mode: 'add', value: '-5' })).toBe('calendar.rules.notNumber');
    expect(priceOptionProblem({ mode: 'add', value: 'abc' })).toBe('calendar.rules.notNumber');
    expect(priceOptionProblem({ mode: 'fixed', value: '688.5' })).toBeNull();
  });
  it('sends amounts in fen and factors as typed', () => {
    expect(yuanToFen('688.5')).toBe(68_850);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('19.99')).toBe(1_999);
    expect(priceInput({ mode: 'keep', value: '3' })).toBeUndefined();
    expect(priceInput({ mode: 'fixed', value: '688' })).toEqual({ mode: 'fixed', value: 68_800 });
    expect(priceInput({ mode: 'multiply', value: '0.9' })).toEqual({ mode: 'multiply', value: 0.9 });
    expect(priceInput({ mode: 'clear', value: '' })).toEqual({ mode: 'clear' });
  });
  it('previews each option as the service computes it', () => {
    expect(applyOption(10_000, { mode: 'fixed', value: '88' })).toBe(8_800);
    expect(applyOption(10_000, { mode: 'add', value: '5' })).toBe(10_500);
    expect(applyOption(300, { mode: 'subtract', value: '5' })).toBe(0);
    expect(applyOption(1_999, { mode: 'multiply', value: '0.85' })).toBe(1_699);
    expect(applyOption(10_000, { mode: 'divide', value: '3' })).toBe(3_333);
    expect(applyOption(15, { mode: 'multiply', value: '0.5' })).toBe(8);
    expect(applyOption(10_000, { mode: 'keep', value: '' })).toBe(10_000);
  });
  it('needs a stock number from 0 to 9999 for limited stock', () => {
    expect(stockProblem('')).toBe('calendar.rules.stockNeeded');
    expect(stockProblem('10000')).toBe('calendar.rules.stock');
    expect(stockProblem('0')).toBeNull();
  });
});

describe('save bodies', () => {
  it('leaves out what is kept', () => {
    expect(priceSaveBody(7, emptyPriceForm('2026-12-01'))).toEqual({ productId: 7, startDate: '2026-12-01', endDate: '2026-12-01', weekdays: [] });
  });
  it('sends every change of the common calendar', () => {
    const v = {
      ...emptyPriceForm('2026-12-01', '2026-12-31'),
      weekdays: ['6', '5'],
      purchasePriceMode: 'fixed',
      purchasePrice: '200',
      distributionPriceMode: 'multiply',
      distributionPrice: '0.9',
      retailPriceMode: 'add',
      retailPrice: '5',
      stockType: 'limited',
      stock: '10',
      closed: 'open',
    };
    expect(priceSaveBody(1, v)).toEqual({
      productId: 1,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      weekdays: [5, 6],
      purchasePrice: { mode: 'fixed', value: 20_000 },
      distributionPrice: { mode: 'multiply', value: 0.9 },
      retailPrice: { mode: 'add', value: 500 },
      stockType: 'limited',
      stock: 10,
      closed: false,
    });
    expect(priceSaveBody(1, { ...v, stockType: 'unlimited', closed: 'closed' })).toMatchObject({ stockType: 'unlimited', closed: true });
    expect(priceSaveBody(1, { ...v, stockType: 'unlimited' })).not.toHaveProperty('stock');
  });
  it("sends a distributor's own price, and null stock for the common stock", () => {
    const v = { ...emptyOwnPriceForm('2002'), startDate: '2026-12-01', endDate: '2026-12-07', distributionPriceMode: 'subtract', distributionPrice: '10', stockMode: 'common' };
    expect(ownPriceBody(1, v)).toEqual({
      productId: 1,
      distributorId: 2002,
      startDate: '2026-12-01',
      endDate: '2026-12-07',
      weekdays: [],
      distributionPrice: { mode: 'subtract', value: 1_000 },
      authorizedStock: null,
    });
    expect(ownPriceBody(1, { ...v, stockMode: 'set', authorizedStock: '3', distributionPriceMode: 'keep' })).toEqual({
      productId: 1,
      distributorId: 2002,
      startDate: '2026-12-01',
      endDate: '2026-12-07',
      weekdays: [],
      authorizedStock: 3,
    });
  });
});
