// The price policy pages against a stubbed saas-main: a level's delete question names what it
// clears; the rule dialog previews a formula (the error's character marked) and sends the rule.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '../../messages/en';
import GradeList from './GradeList';
import RuleList from './RuleList';
import type { GradeRow, RuleRow } from './types';
import { pageOf, renderPage, serve, setUpPageTests, type, writes, type Call } from '@tradewind/shared/src/testing';
import { staffHolding } from '../../fixtures';

setUpPageTests();

const gold: GradeRow = { id: 7, grade: 3, gradeName: 'Gold', remark: '', distributorCount: 1, ruleCount: 1, createDate: 1, modifyDate: 1 };
const standard: GradeRow = { id: null, grade: 0, gradeName: '', remark: '', distributorCount: 4, ruleCount: 0, createDate: null, modifyDate: null };

describe('price levels', () => {
  it('names the distributors and rules a deletion clears before deleting', async () => {
    staffHolding('/saas/pricePolicy/priceGrade/list:GET', '/saas/pricePolicy/priceGrade/delete:PUT', '/saas/pricePolicy/priceGrade/deletePreview:GET');
    const calls = serve((c: Call) =>
      c.url.pathname.endsWith('deletePreview')
        ? { grade: 3, distributors: [{ id: 9, name: 'Gold Travel' }], rules: [{ id: 5, name: 'Gold discount' }] }
        : c.method === 'PUT'
          ? { grade: 3, distributors: [], rules: [] }
          : [standard, gold],
    );
    const { problems } = renderPage(GradeList, en);
    expect(await screen.findByText('Default level')).toBeTruthy();
    expect(screen.queryByTestId('grade-delete-0')).toBeNull();
    fireEvent.click(screen.getByTestId('grade-delete-3'));
    expect(await screen.findByText(/distributors moved back to level 0: Gold Travel; price rules deleted: Gold discount/)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls).map((c) => [c.url.pathname, c.body])).toEqual([['/api/saas-main/saas/pricePolicy/priceGrade/delete', { grade: 3 }]]));
    expect(problems).toEqual([]);
  });
});

describe('price rules', () => {
  const rule: RuleRow = {
    id: 5,
    ruleName: 'Gold discount',
    grade: 3,
    supplierId: 0,
    productType: 10,
    productId: 0,
    formula: 'distribution * 0.8',
    state: 1,
    remark: '',
    createDate: 1,
    modifyDate: 1,
  };
  const codes = ['/saas/pricePolicy/priceRule/list:GET', '/saas/pricePolicy/priceRule/save:POST', '/saas/pricePolicy/priceRule/calculate:POST'];

  it('previews a wrong formula with its character marked, then saves a good one in fen', async () => {
    staffHolding(...codes);
    const calls = serve((c: Call) => {
      if (c.url.pathname.endsWith('calculate')) {
        const f = (c.body as { formula: string }).formula;
        return f.includes('/ 0')
          ? { price: null, exact: null, error: { position: 16, message: 'at character 16: division by zero' } }
          : { price: 8000, exact: '8000', error: null };
      }
      return c.method === 'POST' ? { id: 6 } : pageOf([rule]);
    });
    const { problems } = renderPage(RuleList, en);
    expect(await screen.findByText('Gold discount')).toBeTruthy();
    expect(screen.getByText('Hotel')).toBeTruthy();
    fireEvent.click(screen.getByTestId('rule-add'));
    type('field-ruleName', 'Silver');
    type('field-formula', 'distribution / 0');
    fireEvent.click(screen.getByTestId('rule-calculate'));
    expect(await screen.findByText('at character 16: division by zero')).toBeTruthy();
    expect(screen.getByTestId('rule-caret').textContent).toBe(`distribution / 0\n${' '.repeat(15)}^`);
    const calc = calls.find((c) => c.url.pathname.endsWith('calculate'));
    expect(calc?.body).toEqual({ formula: 'distribution / 0', purchasePrice: 8000, distributionPrice: 10000, retailPrice: 12000 });

    type('field-formula', 'distribution * 0.8');
    fireEvent.click(screen.getByTestId('rule-calculate'));
    expect(await screen.findByText('Price: 80.00 (exact: 8000 fen)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() =>
      expect(writes(calls).find((c) => c.url.pathname.endsWith('/save'))?.body).toEqual({
        ruleName: 'Silver',
        grade: 0,
        supplierId: 0,
        productType: 0,
        productId: 0,
        formula: 'distribution * 0.8',
        remark: '',
      }),
    );
    expect(problems).toEqual([]);
  });
});
