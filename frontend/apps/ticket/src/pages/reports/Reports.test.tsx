// ticket-app's orders-per-product report against a stubbed ticket-app: its path, the scenic spot
// and tickets; the shared page's rules are tested in @tradewind/shared (orderPages/ProductReport.test.tsx).
import { screen, within } from '@testing-library/react';
import { renderPage, serve, setUpPageTests } from '@tradewind/shared/src/testing';
import { PERM } from '@tradewind/shared';
import en from '../../messages/en';
import remote from '../../routes';
import ProductReport from './ProductReport';

setUpPageTests();

describe('ticket product report', () => {
  it("asks ticket-app and shows each product's scenic spot and tickets", async () => {
    const calls = serve(() => [
      { productId: 31, productName: 'West Lake boat, adult', scenicId: 7, scenicName: '西湖风景名胜区', orderNum: 2, ticketNum: 4, orderPrice: 32_000, supplierPrice: 24_000, profit: 8_000, cancelNum: 0 },
    ]);
    const { problems } = renderPage(ProductReport, en);
    expect(await screen.findByText('West Lake boat, adult (31)')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/order/ticketOrderReport/listProductSummary');
    const table = screen.getByTestId('ticket-report-table');
    expect(within(table).getByText('Scenic spot')).toBeTruthy();
    expect(within(table).getByText('Tickets')).toBeTruthy();
    expect(within(table).getByText('西湖风景名胜区')).toBeTruthy();
    expect(within(table).getAllByText('320.00')).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  it('is in the order group under its endpoint code', () => {
    const order = remote.routes.find((r) => r.path === 'order');
    const report = order?.children?.find((r) => r.path === 'ticketOrderReport/listProductSummary');
    expect(report?.meta.perm).toBe(PERM.ticketOrder.report);
    expect(report?.meta.hidden).toBeUndefined();
  });
});
