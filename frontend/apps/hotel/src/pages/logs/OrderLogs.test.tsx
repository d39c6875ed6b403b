// The order log against a stubbed hotel-app: its filters, each entry linking to its order.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '../../messages/en';
import OrderLogList from './OrderLogList';
import { lastGet, pageOf, pick, query, renderPage, serve, setUpPageTests } from '@tradewind/shared/src/testing';
import { full } from '../../fixtures';

setUpPageTests();

describe('order log', () => {
  it("lists the tenant's order log, filtered by order and action, each entry linking to its order", async () => {
    const calls = serve(() => pageOf(full.logs));
    const { problems } = renderPage(OrderLogList, en);
    const link = await screen.findByTestId('log-order-2');
    expect(link.getAttribute('href')).toBe('/saas-hotel-app/order/detail?orderId=42');
    expect(screen.getByTestId('hotel-order-logs-table')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/log/orderLog/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20' });
    for (const text of ['Placed', 'Paid', 'credit']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getAllByText('Unpaid')).toHaveLength(2);
    expect(screen.getByText('Unconfirmed')).toBeTruthy();

    fireEvent.change(screen.getByTestId('order-logs-order-id'), { target: { value: '4x2' } });
    pick('Action', 'Cancellation requested');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', orderId: '42', action: 'apply-cancel' }));

    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20' }));
    expect(problems).toEqual([]);
  });
});
