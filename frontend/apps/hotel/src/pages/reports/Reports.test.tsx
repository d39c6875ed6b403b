// hotel-app's orders-per-product report against a stubbed hotel-app: its path, hotel and room
// nights; the shared page's rules are tested in @tradewind/shared (orderPages/ProductReport.test.tsx).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '../../messages/en';
import ProductReport from './ProductReport';
import type { ProductSummary } from './types';
import { defaultPeriod } from '@tradewind/shared';
import { lastGet, query, renderPage, serve, setUpPageTests } from '@tradewind/shared/src/testing';
import { merchantUser } from '../../fixtures';

setUpPageTests();

describe('product report', () => {
  const summary: ProductSummary = {
    productId: 21,
    productName: 'Lake view king',
    hotelId: 11,
    hotelName: 'Lakeside Hotel',
    orderNum: 3,
    roomNights: 5,
    orderPrice: 340_000,
    supplierPrice: 290_000,
    profit: 50_000,
    cancelNum: 1,
  };

  it('reports the orders per product of the period with its totals', async () => {
    const calls = serve(() => [summary, { ...summary, productId: 22, productName: 'Garden twin', orderNum: 1, orderPrice: 45_000, supplierPrice: 38_000, profit: 7_000, cancelNum: 0 }]);
    const { problems } = renderPage(ProductReport, en);
    expect(await screen.findByText('Lake view king (21)')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/order/hotelOrderReport/listProductSummary');
    expect(query(calls[0])).toEqual(defaultPeriod());
    expect(screen.getByText('3400.00')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(screen.getByText('3850.00')).toBeTruthy();
    expect(screen.getByText('570.00')).toBeTruthy();

    fireEvent.change(screen.getByTestId('report-start'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('report-end'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ startDate: '2026-01-01', endDate: '2026-03-31' }));

    fireEvent.change(screen.getByTestId('report-start'), { target: { value: '2026-04-01' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    expect(await screen.findByText('The end date is before the start date')).toBeTruthy();
    fireEvent.change(screen.getByTestId('report-start'), { target: { value: '2025-01-01' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    expect(await screen.findByText('The period is at most a year')).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(problems).toEqual([]);
  });
});

describe('report for a distributor', () => {
  it("leaves out what the supplier is paid and the profit", async () => {
    merchantUser(2);
    serve(() => [{ productId: 21, productName: 'Lake view king', hotelId: 11, hotelName: 'Lakeside Hotel', orderNum: 1, roomNights: 2, orderPrice: 136_000, supplierPrice: 116_000, profit: 20_000, cancelNum: 0 }]);
    renderPage(ProductReport, en);
    await screen.findByText('Lake view king (21)');
    expect(screen.queryByText('Supplier amount')).toBeNull();
    expect(screen.queryByText('1160.00')).toBeNull();
    expect(screen.queryByText('Profit')).toBeNull();
  });
});
