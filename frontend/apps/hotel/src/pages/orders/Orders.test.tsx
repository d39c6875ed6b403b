// The order lists, the order detail and its actions against a stubbed hotel-app.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '../../messages/en';
import SysOrderList from './SysOrderList';
import SupplierOrderList from './SupplierOrderList';
import ChannelOrderList from './ChannelOrderList';
import OrderDetail from './OrderDetail';
import { ORDER_ACTIONS } from './orderActions';
import { orderActionsOf, orderPartyOf } from '@tradewind/shared';
import { vi } from 'vitest';
import { gets, lastGet, pageOf, pick, query, renderPage, serve, setUpPageTests, writes } from '@tradewind/shared/src/testing';
import { order, full, hold, staffUser, merchantUser } from '../../fixtures';

setUpPageTests();

describe('order lists', () => {
  it("lists the tenant's orders, each linking to its detail", async () => {
    const calls = serve(() => pageOf([order]));
    const { problems } = renderPage(SysOrderList, en);
    const link = await screen.findByTestId('order-42');
    expect(link.getAttribute('href')).toBe('/saas-hotel-app/order/detail?orderId=42');
    expect(screen.getByText('1234.00')).toBeTruthy();
    expect(screen.getByText('Unconfirmed')).toBeTruthy();
    expect(screen.getByTestId('hotel-orders-table')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/order/sys/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20' });

    // What the dates are of is sent only with a date (the common filters: the shared order list's tests).
    pick('Date of', 'Check-in date');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
    expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20' });
    fireEvent.change(screen.getByTestId('orders-start'), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', dateType: '2', startDate: '2026-05-01' }));
    expect(problems).toEqual([]);
  });

  it("opens a supplier's list on the order a notification names", async () => {
    const calls = serve(() => pageOf([order]));
    const { problems } = renderPage(SupplierOrderList, en, '/saas-hotel-app/order/supplier/list?orderId=42');
    await screen.findByTestId('order-42');
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/order/supplier/list');
    expect(calls[0].url.searchParams.get('orderId')).toBe('42');
    expect(screen.getByTestId('hotel-supplier-orders-table')).toBeTruthy();
    expect(problems).toEqual([]);
  });

  it("lists a distributor's orders", async () => {
    const calls = serve(() => pageOf([{ ...order, supplierPrice: undefined }]));
    renderPage(ChannelOrderList, en);
    await screen.findByTestId('order-42');
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/order/channel/list');
    expect(screen.getByTestId('hotel-channel-orders-table')).toBeTruthy();
  });
});

describe('order detail', () => {
  it('shows the order, its guests, nightly prices and log', async () => {
    const calls = serve(() => full);
    const { problems } = renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    expect(await screen.findByText('Li Si')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/order/sys/load');
    expect(query(calls[0])).toEqual({ orderId: '42' });
    expect(screen.getByText('Order 42')).toBeTruthy();

    const amounts = screen.getByTestId('order-amounts');
    expect(within(amounts).getByText('Supplier price')).toBeTruthy();
    expect(within(amounts).getByText('1000.00')).toBeTruthy();
    expect(within(amounts).getByText('Credit')).toBeTruthy();
    expect(within(screen.getByTestId('order-states')).getAllByText('Booking')).toHaveLength(3);

    const nights = screen.getByTestId('order-nights');
    expect(within(nights).getAllByText('308.50')).toHaveLength(2);
    expect(within(nights).getAllByText('250.00')).toHaveLength(2);
    expect(within(nights).getByText('Authorised stock')).toBeTruthy();

    const logs = screen.getByTestId('order-logs');
    expect(within(logs).getByText('Placed')).toBeTruthy();
    expect(within(logs).getByText('credit')).toBeTruthy();
    expect(within(logs).getAllByText('Unpaid')).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  it("hides the supplier's prices from a distributor", async () => {
    serve(() => ({ ...full, supplierPrice: undefined, nightly: full.nightly.map((n) => ({ ...n, purchasePrice: 0 })) }));
    renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    await screen.findByText('Li Si');
    expect(within(screen.getByTestId('order-amounts')).queryByText('Supplier price')).toBeNull();
    expect(within(screen.getByTestId('order-nights')).queryByText('Purchase price per room')).toBeNull();
  });

  it("shows why a credit payment failed, and nothing of it otherwise", async () => {
    merchantUser(2);
    serve(() => ({ ...full, orderState: 2, payState: 29, payType: 1, payFailReason: '可用授信不足 / not enough credit' }));
    renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    expect(await screen.findByText('可用授信不足 / not enough credit')).toBeTruthy();
    expect(screen.getByText('Payment failed')).toBeTruthy();
    expect(screen.getByText('Why the payment failed')).toBeTruthy();
  });

  it("shows a credit payment under way without a failure's reason", async () => {
    merchantUser(2);
    serve(() => ({ ...full, orderState: 2, payState: 20, payType: 1 }));
    renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    expect(await screen.findByText('Paying')).toBeTruthy();
    expect(screen.queryByText('Why the payment failed')).toBeNull();
  });

  it('asks for an order when none is named, without calling', async () => {
    const calls = serve(() => full);
    const { problems } = renderPage(OrderDetail, en, '/saas-hotel-app/order/detail');
    expect(await screen.findByText('No order was chosen: open one from an order list.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(problems).toEqual([]);
  });
});

describe('order actions', () => {
  const all = () => true;
  it('offers each action to its parties in the states it starts from', () => {
    const keys = (state: number, party: 'S' | 'D' | 'O') => orderActionsOf(ORDER_ACTIONS, state, party, all).map((a) => a.key);
    expect(keys(8, 'S')).toEqual(['confirm', 'refuse']);
    expect(keys(8, 'D')).toEqual(['cancel']);
    expect(keys(2, 'D')).toEqual(['pay', 'cancel']);
    expect(keys(1, 'S')).toEqual(['arrange', 'complete']);
    expect(keys(1, 'D')).toEqual(['applyCancel']);
    expect(keys(7, 'O')).toEqual(['agreeCancel', 'refuseCancel']);
    expect(keys(4, 'O')).toEqual([]);
    expect(orderActionsOf(ORDER_ACTIONS, 8, 'S', (c) => c === '/saas/order/supplier/confirm:PUT').map((a) => a.key)).toEqual(['confirm']);
    expect(orderPartyOf(0, undefined)).toBe('O');
    expect(orderPartyOf(2001, 1)).toBe('S');
    expect(orderPartyOf(2002, 2)).toBe('D');
  });

  it("lets the supplier refuse an order with a reason, and loads it again", async () => {
    merchantUser(1);
    hold('/saas/order/supplier/confirm:PUT', '/saas/order/supplier/refuse:PUT', '/saas/order/supplier/arrange:PUT');
    const calls = serve(() => full);
    const { problems } = renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-refuse'));
    expect(screen.getByTestId('order-action-confirm')).toBeTruthy();
    expect(screen.queryByTestId('order-action-arrange')).toBeNull();
    expect(screen.queryByTestId('order-action-cancel')).toBeNull();
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(within(dialog).getByText('Refuse this order? It becomes invalid and its rooms go back.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Reason')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: 'Full house' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/order/supplier/refuse');
    expect(writes(calls)[0].body).toEqual({ orderId: 42, remark: 'Full house' });
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
    expect(problems).toEqual([]);
  });

  it('lets the distributor pay an unpaid order in cash', async () => {
    merchantUser(2);
    hold('/saas/order/channel/pay:PUT', '/saas/order/channel/cancel:PUT');
    const calls = serve(() => ({ ...full, orderState: 2, payState: 0 }));
    renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-pay'));
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(within(dialog).getByText('Amount: 1234.00')).toBeTruthy();
    pick('Pay by', 'Cash');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/order/channel/pay');
    expect(writes(calls)[0].body).toEqual({ orderId: 42, remark: '', payType: 2 });
  });

  it('shows the distributor its available credit before it pays by credit, and why it would be refused', async () => {
    merchantUser(2);
    hold('/saas/order/channel/pay:PUT', '/saas/finance/credit/check:GET');
    const check = { mchId: 2002, currency: 'CNY', credit: 100_000, tempCredit: 0, balance: 0, usedCredit: 0, available: 100_000, state: 1, enough: false, reason: 'not enough credit: 1000.00 available, 1234.00 needed' };
    const calls = serve((c) => (c.url.pathname.endsWith('/credit/check') ? check : { ...full, orderState: 2, payState: 0 }));
    renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-pay'));
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(await within(dialog).findByText('Available credit: 1000.00 CNY')).toBeTruthy();
    expect(within(dialog).getByText('Paying by credit would be refused: not enough credit: 1000.00 available, 1234.00 needed')).toBeTruthy();
    const asked = calls.find((c) => c.url.pathname === '/api/finance-app/saas/finance/credit/check');
    // A distributor's user checks its own account: the amount only.
    expect(asked && query(asked)).toEqual({ amount: String(full.orderPrice) });
    pick('Pay by', 'Cash');
    expect(within(dialog).queryByTestId('credit-available')).toBeNull();
  });

  it('says when the distributor has no credit account', async () => {
    merchantUser(2);
    hold('/saas/order/channel/pay:PUT', '/saas/finance/credit/check:GET');
    serve(() => ({ ...full, orderState: 2, payState: 0 }));
    const ok = globalThis.fetch as unknown as (input: string, init?: RequestInit) => Promise<Response>;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input.includes('/credit/check') ? Promise.resolve(new Response(JSON.stringify({ state: 'fail', code: 'not-found', msg: 'credit account not found' }), { status: 404 })) : ok(input, init),
    );
    renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-pay'));
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(await within(dialog).findByText('No credit account: paying by credit will be refused')).toBeTruthy();
  });

  it("lets the tenant's staff adjust amounts with a reason and change remarks", async () => {
    staffUser();
    hold('/saas/order/sys/orderToAdjust:PUT', '/saas/order/sys/updateRemark:PUT');
    const calls = serve(() => full);
    const { problems } = renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-adjust'));
    let dialog = await screen.findByTestId('order-adjust-dialog');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter an amount to adjust')).toBeTruthy();
    expect(within(dialog).getByText('Please enter the reason')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-supplierPrice'), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter an amount with at most two decimals')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('field-supplierPrice'), { target: { value: '950' } });
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: 'agreed by phone' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/order/sys/orderToAdjust');
    expect(writes(calls)[0].body).toEqual({ orderId: 42, supplierPrice: 95_000, remark: 'agreed by phone' });
    await waitFor(() => expect(screen.queryByTestId('order-adjust-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('order-action-remark'));
    dialog = await screen.findByTestId('order-remark-dialog');
    fireEvent.change(screen.getByTestId('field-memoInner'), { target: { value: 'VIP' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].url.pathname).toBe('/api/hotel-app/saas/order/sys/updateRemark');
    expect(writes(calls)[1].body).toEqual({ orderId: 42, memoInner: 'VIP' });
    expect(problems).toEqual([]);
  });
});
