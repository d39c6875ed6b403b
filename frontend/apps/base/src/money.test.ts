// Amounts typed in yuan: checked as finance-app checks them, sent in whole fen.
import { amountProblem, fenOf, MONEY_MAX_FEN } from './money';

describe('amounts in yuan', () => {
  it('takes yuan with at most two decimals up to 10,000,000,000', () => {
    expect(amountProblem('')).toBeNull();
    expect(amountProblem('0')).toBeNull();
    expect(amountProblem('50000')).toBeNull();
    expect(amountProblem('0.07')).toBeNull();
    expect(amountProblem('10000000000.00')).toBeNull();
    expect(amountProblem('10000000000.01')).toBe('base.money.max');
    expect(amountProblem('123456789012')).toBe('form.amount');
    expect(amountProblem('1.234')).toBe('form.amount');
    expect(amountProblem('-5')).toBe('form.amount');
    expect(amountProblem('abc')).toBe('form.amount');
  });
  it('asks for more than 0 where an amount must move money', () => {
    expect(amountProblem('0', true)).toBe('base.money.positive');
    expect(amountProblem('0.00', true)).toBe('base.money.positive');
    expect(amountProblem('0.01', true)).toBeNull();
  });
  it('sends fen computed from the text, never through a float', () => {
    expect(fenOf('')).toBe(0);
    expect(fenOf('4.35')).toBe(435);
    expect(fenOf('1.15')).toBe(115);
    expect(fenOf('0.3')).toBe(30);
    expect(fenOf('10000000000')).toBe(MONEY_MAX_FEN);
  });
});
