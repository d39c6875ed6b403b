// Balances and their chart against a stubbed finance-app: the list in yuan, a row's chart and
// money in or out; the chart's days and its distributor.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { PERM } from '@tradewind/shared';
import en from '../../messages/en';
import BalanceChart from './BalanceChart';
import BalanceList from './BalanceList';
import { defaultRange, rangeProblem } from './chartRange';
import type { DayPoint } from './types';
import { gets, pageOf, query, renderPage, serve, setUpPageTests, type, type Call } from '@tradewind/shared/src/testing';
import { account, distributorChoices, distributorHolding, staffHolding } from '../../fixtures';

const points: DayPoint[] = [
  { date: '2026-11-24', balance: 500_000, usedCredit: 0 },
  { date: '2026-11-25', balance: 500_000, usedCredit: 68_000 },
];

function answer(c: Call) {
  if (c.url.pathname.endsWith('/distributorInfos/loadForSelect')) return distributorChoices;
  if (c.url.pathname.endsWith('/graphList')) return points;
  return pageOf([account]);
}

setUpPageTests();

describe('the chart’s days', () => {
  it('are the last 30 business days by default, in China time', () => {
    // 2026-11-25 20:00 UTC is already the 26th in China.
    expect(defaultRange(Date.UTC(2026, 10, 25, 20))).toEqual({ startDate: '2026-10-28', endDate: '2026-11-26' });
    expect(defaultRange(Date.UTC(2026, 2, 1, 1))).toEqual({ startDate: '2026-01-31', endDate: '2026-03-01' });
  });
  it('must be two dates in order, at most 366 days', () => {
    expect(rangeProblem({ startDate: '2026-01-01', endDate: '2026-12-31' })).toBeNull();
    expect(rangeProblem({ startDate: '', endDate: '2026-12-31' })).toBe('base.balances.rules.dates');
    expect(rangeProblem({ startDate: '2026-02-30', endDate: '2026-12-31' })).toBe('base.balances.rules.dates');
    expect(rangeProblem({ startDate: '2026-12-31', endDate: '2026-01-01' })).toBe('base.common.datesReversed');
    expect(rangeProblem({ startDate: '2025-12-30', endDate: '2026-12-31' })).toBe('base.balances.rules.tooLong');
    expect(rangeProblem({ startDate: '2025-12-31', endDate: '2026-12-31' })).toBeNull();
  });
});

describe('balances', () => {
  it('lists the balances in yuan with a row’s chart', async () => {
    staffHolding(PERM.balance.list, PERM.balance.graph, PERM.cashLog.save, PERM.distributor.select);
    const calls = serve(answer);
    const { problems } = renderPage(BalanceList, en, '/saas-app/accounting/balance/info/list');
    expect(await screen.findByText('Blue Travel')).toBeTruthy();
    expect(screen.getByText('5000.00')).toBeTruthy();
    expect(screen.getByText('64876.55')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/finance-app/saas/balance/info/list');
    fireEvent.click(screen.getByTestId('balance-cash-2002'));
    expect(await screen.findByTestId('cash-dialog')).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    fireEvent.click(screen.getByTestId('balance-chart-2002'));
    expect(screen.getByTestId('location').textContent).toBe('/saas-app/accounting/balance/info/graphList?mchId=2002');
    expect(problems).toEqual([]);
  });
});

describe('the balance chart', () => {
  beforeEach(() => {
    // recharts sizes its chart with a ResizeObserver, which jsdom lacks.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('asks the staff for a distributor, then draws its days', async () => {
    staffHolding(PERM.balance.graph, PERM.distributor.select);
    const calls = serve(answer);
    const { problems } = renderPage(BalanceChart, en);
    expect(await screen.findByTestId('chart-choose')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/graphList'))).toBe(false);
    fireEvent.click(screen.getByTestId('search-inquire'));
    expect(calls.some((c) => c.url.pathname.endsWith('/graphList'))).toBe(false);
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/loadForSelect'))).toBe(true));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Distributor' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Blue Travel' }));
    type('chart-start', '2026-11-01');
    type('chart-end', '2026-11-25');
    fireEvent.click(screen.getByTestId('search-inquire'));
    const latest = await screen.findByTestId('chart-latest');
    expect(latest.textContent).toContain('2026-11-25');
    expect(latest.textContent).toContain('680.00');
    const graph = calls.filter((c) => c.url.pathname === '/api/finance-app/saas/balance/info/graphList');
    expect(query(graph[0])).toEqual({ mchId: '2002', startDate: '2026-11-01', endDate: '2026-11-25' });
    expect(problems).toEqual([]);
  });

  it('opens on the distributor the URL names, and shows a distributor its own', async () => {
    staffHolding(PERM.balance.graph, PERM.distributor.select);
    const calls = serve(answer);
    renderPage(BalanceChart, en, '/saas-app/accounting/balance/info/graphList?mchId=2002');
    expect(await screen.findByTestId('chart-latest')).toBeTruthy();
    expect(query(gets(calls).find((c) => c.url.pathname.endsWith('/graphList')) as Call).mchId).toBe('2002');
  });

  it('shows a distributor its own chart without asking', async () => {
    distributorHolding(PERM.balance.graph);
    const calls = serve(answer);
    renderPage(BalanceChart, en);
    expect(await screen.findByTestId('chart-latest')).toBeTruthy();
    expect(screen.queryByTestId('chart-distributor')).toBeNull();
    const graph = gets(calls).find((c) => c.url.pathname.endsWith('/graphList')) as Call;
    expect(query(graph).mchId).toBeUndefined();
  });
});
