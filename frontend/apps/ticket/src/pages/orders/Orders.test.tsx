// The ticket order lists, the order detail with its log and its actions against a stubbed
// ticket-app.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { gets, lastGet, optionsOf, pageOf, pick, query, renderPage, serve, setUpPageTests, writes, type Call } from '@tradewind/shared/src/testing';
import en from '../../messages/en';
import { distributorUser, hold, staffUser, supplierUser, ticketOrder, ticketOrderLog } from '../../fixtures';
import remote from '../../routes';
import { mayOpen, PERM } from '@tradewind/shared';
import SysOrderList from './SysOrderList';
import SupplierOrderList from './SupplierOrderList';
import ChannelOrderList from './ChannelOrderList';
import OrderDetail from './OrderDetail';
import { TICKET_ORDER_ACTIONS } from './orderActions';
import { orderActionsOf, type OrderParty } from '@tradewind/shared';

setUpPageTests();

const LOG = '/api/ticket-app/saas/log/ticketOrderLog/list';

describe('ticket order lists', () => {
  // The common filters, a link's order and Reset: the shared order list's tests.
  it("lists the tenant's orders, each linking to its detail", async () => {
    staffUser();
    const calls = serve(() => pageOf([ticketOrder]));
    const { problems } = renderPage(SysOrderList, en);
    const link = await screen.findByTestId('order-42');
    expect(link.getAttribute('href')).toBe('/saas-ticket-app/order/detail?orderId=42');
    const table = screen.getByTestId('ticket-orders-table');
    expect(within(table).getByText('160.00')).toBeTruthy();
    expect(within(table).getByText('Unconfirmed')).toBeTruthy();
    expect(within(table).getByText('西湖风景名胜区')).toBeTruthy();
    expect(within(table).getByText('Demo supplier')).toBeTruthy();
    expect(within(table).getByText('Demo distributor')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/order/ticketSys/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20' });

    expect(problems).toEqual([]);
  });

  it("opens a supplier's list on the order a link names, without the supplier column", async () => {
    supplierUser();
    const calls = serve(() => pageOf([ticketOrder]));
    const { problems } = renderPage(SupplierOrderList, en, '/saas-ticket-app/order/ticketSupplier/list?orderId=42');
    await screen.findByTestId('order-42');
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/order/ticketSupplier/list');
    expect(calls[0].url.searchParams.get('orderId')).toBe('42');
    const table = screen.getByTestId('ticket-supplier-orders-table');
    expect(within(table).queryByText('Demo supplier')).toBeNull();
    expect(within(table).getByText('Demo distributor')).toBeTruthy();
    // A merchant is not offered the merchant filters.
    expect(screen.queryByTestId('orders-supplier')).toBeNull();
    expect(problems).toEqual([]);
  });

  it("lists a distributor's orders without the distributor column", async () => {
    distributorUser();
    const calls = serve(() => pageOf([ticketOrder]));
    renderPage(ChannelOrderList, en);
    await screen.findByTestId('order-42');
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/order/ticketChannel/list');
    const table = screen.getByTestId('ticket-channel-orders-table');
    expect(within(table).queryByText('Demo distributor')).toBeNull();
    expect(within(table).getByText('Demo supplier')).toBeTruthy();
  });

  it("lets the tenant's staff narrow by supplier and distributor", async () => {
    staffUser();
    hold('/saas/merchant/supplierInfos/loadForSelect:GET', '/saas/merchant/distributorInfos/loadForSelect:GET');
    const calls = serve((c) => (c.url.pathname.includes('supplierInfos') ? [{ id: 2001, name: 'Demo supplier' }] : c.url.pathname.includes('distributorInfos') ? [{ id: 2002, name: 'Demo distributor' }] : pageOf([ticketOrder])));
    renderPage(SysOrderList, en);
    await screen.findByTestId('order-42');
    await waitFor(() => expect(calls.some((c) => c.url.pathname.includes('distributorInfos'))).toBe(true));
    pick('Supplier', 'Demo supplier');
    pick('Distributor', 'Demo distributor');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toMatchObject({ supplierId: '2001', distributorId: '2002' }));
  });
});

describe("a channel's orders in the lists", () => {
  const CONFIGS = [{ id: 4001, interfaceId: 2001, interfaceName: 'meituan', title: 'Meituan', mchId: 2002, configName: 'Demo meituan', productType: 20, type: 2 }];
  const channelOrder = { ...ticketOrder, orderId: 43, configId: 4001, channelOrderId: 'MT-7001', channelPrice: 17_500, channelState: 49 };
  const answer = (c: { url: URL }) => (c.url.pathname.endsWith('/interfaceConfig/listForSelect') ? CONFIGS : pageOf([ticketOrder, channelOrder]));

  it("shows the tenant's staff a channel's order number, configuration and price, a dash for an order booked here", async () => {
    staffUser();
    hold(PERM.interfaceConfig.select);
    const calls = serve(answer);
    const { problems } = renderPage(SysOrderList, en);
    const channel = await screen.findByTestId('order-channel-43');
    expect(channel.textContent).toBe('MT-7001');
    const row = (id: number) => screen.getByTestId(`order-${id}`).closest('tr') as HTMLElement;
    expect(await within(row(43)).findByText('Meituan · Demo meituan')).toBeTruthy();
    expect(within(row(43)).getByText('Channel price 175.00')).toBeTruthy();
    expect(within(row(42)).queryByTestId('order-channel-42')).toBeNull();
    expect(within(screen.getByTestId('ticket-orders-table')).getByText('Channel order')).toBeTruthy();
    // The configurations are asked of saas-main as the channel pages ask them.
    const asked = calls.find((c) => c.url.pathname.endsWith('/interfaceConfig/listForSelect'));
    expect(asked?.url.pathname).toBe('/api/saas-main/saas/saasInterface/interfaceConfig/listForSelect');
    expect(query(asked as Call)).toEqual({ productType: '20', type: '2' });
    expect(problems).toEqual([]);
  });

  it('narrows by the channel order number, sent whole and trimmed', async () => {
    staffUser();
    const calls = serve(answer);
    renderPage(SysOrderList, en);
    await screen.findByTestId('order-43');
    fireEvent.change(screen.getByTestId('orders-channel-order-id'), { target: { value: ' MT-7001 ' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', channelOrderId: 'MT-7001' }));
    // Without the configurations' code, none are asked and the order shows without its configuration.
    expect(calls.some((c) => c.url.pathname.endsWith('/interfaceConfig/listForSelect'))).toBe(false);
    expect(screen.queryByText('Meituan · Demo meituan')).toBeNull();
  });

  it("does not show the supplier what the channel sold at", async () => {
    supplierUser();
    hold(PERM.interfaceConfig.select);
    serve(answer);
    renderPage(SupplierOrderList, en);
    expect((await screen.findByTestId('order-channel-43')).textContent).toBe('MT-7001');
    expect(screen.queryByText('Channel price 175.00')).toBeNull();
  });
});

describe('ticket order routes', () => {
  const order = remote.routes.find((r) => r.path === 'order');
  const child = (path: string) => order?.children?.find((c) => c.path === path);
  const holdingAll = (mscType: number, mchId: number) => ({
    mscType,
    mchId,
    codes: new Set(['/saas/order/ticketSys/list:GET', '/saas/order/ticketSupplier/list:GET', '/saas/order/ticketChannel/list:GET']),
  });
  const lists = () => {
    const sys = child('ticketSys/list');
    const supplier = child('ticketSupplier/list');
    const channel = child('ticketChannel/list');
    if (!sys || !supplier || !channel) throw new Error('order lists missing');
    return { sys, supplier, channel };
  };

  it('hides the supplier and distributor lists from operator staff (300), who keep the tenant list', () => {
    const { sys, supplier, channel } = lists();
    expect(mayOpen(sys, holdingAll(300, 0))).toBe(true);
    expect(mayOpen(supplier, holdingAll(300, 0))).toBe(false);
    expect(mayOpen(channel, holdingAll(300, 0))).toBe(false);
    // The tenant's administrator sees all three.
    for (const l of [sys, supplier, channel]) expect(mayOpen(l, holdingAll(200, 0))).toBe(true);
  });

  it("shows a merchant's users their side's list only", () => {
    const { sys, supplier, channel } = lists();
    for (const t of [311, 511]) {
      expect(mayOpen(sys, holdingAll(t, 2001))).toBe(false);
      expect(mayOpen(supplier, holdingAll(t, 2001))).toBe(true);
      expect(mayOpen(channel, holdingAll(t, 2001))).toBe(false);
    }
    for (const t of [312, 512]) {
      expect(mayOpen(supplier, holdingAll(t, 2002))).toBe(false);
      expect(mayOpen(channel, holdingAll(t, 2002))).toBe(true);
    }
  });

  it('has a hidden detail page needing the order load code', () => {
    expect(child('detail')?.meta).toMatchObject({ hidden: true, perm: '/saas/order/ticketSys/load:GET' });
  });
});

describe('ticket order actions', () => {
  const all = () => true;
  const ticketActionsOf = (state: number, party: OrderParty, holds: (code: string) => boolean) => orderActionsOf(TICKET_ORDER_ACTIONS, state, party, holds);
  it('offers each party what the state allows, never arranging', () => {
    expect(ticketActionsOf(8, 'S', all).map((a) => a.key)).toEqual(['confirm', 'refuse']);
    expect(ticketActionsOf(8, 'D', all).map((a) => a.key)).toEqual(['cancel']);
    expect(ticketActionsOf(1, 'S', all).map((a) => a.key)).toEqual(['complete']);
    expect(ticketActionsOf(1, 'D', all).map((a) => a.key)).toEqual(['applyCancel']);
    expect(ticketActionsOf(7, 'S', all).map((a) => a.key)).toEqual(['agreeCancel', 'refuseCancel']);
    expect(ticketActionsOf(2, 'D', all).map((a) => a.key)).toEqual(['pay', 'cancel']);
    expect(ticketActionsOf(4, 'O', all)).toEqual([]);
    expect(ticketActionsOf(8, 'S', (c) => c === '/saas/order/ticketOrder/confirm:PUT').map((a) => a.key)).toEqual(['confirm']);
  });
});

describe('ticket order detail', () => {
  const answer = (o = ticketOrder) => (c: { url: URL }) => (c.url.pathname === LOG ? [ticketOrderLog] : o);

  it('shows the order, its buyer with the custom fields, its states and its log', async () => {
    supplierUser();
    hold('/saas/log/ticketOrderLog/list:GET');
    const calls = serve(answer());
    const { problems } = renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    expect(await screen.findByText('Ticket order 42')).toBeTruthy();
    await screen.findByTestId('order-logs');
    expect(gets(calls).map((c) => c.url.pathname).sort()).toEqual([LOG, '/api/ticket-app/saas/order/ticketSys/load']);
    for (const c of gets(calls)) expect(query(c)).toEqual({ orderId: '42' });
    const buyer = screen.getByTestId('order-buyer');
    expect(within(buyer).getByText('13800000000')).toBeTruthy();
    expect(within(buyer).getByText('Boat time: Morning')).toBeTruthy();
    expect(within(screen.getByTestId('order-amounts')).getByText('120.00')).toBeTruthy();
    expect(within(screen.getByTestId('order-states')).getAllByText('Booking')).toHaveLength(3);
    const logs = screen.getByTestId('order-logs');
    expect(within(logs).getByText('Placed')).toBeTruthy();
    expect(within(logs).getByText('Distributor')).toBeTruthy();
    expect(within(logs).getByText('Unconfirmed')).toBeTruthy();
    expect(problems).toEqual([]);
  });

  it('shows why finance-app refused a credit payment', async () => {
    distributorUser();
    serve(answer({ ...ticketOrder, orderState: 2, payState: 29, payType: 1, payFailReason: '可用授信不足 / not enough credit' }));
    renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    expect(await screen.findByText('可用授信不足 / not enough credit')).toBeTruthy();
    expect(screen.getByText('Why the payment failed')).toBeTruthy();
    expect(screen.getByText('Payment failed')).toBeTruthy();
  });

  it('offers credit and cash to pay, credit first', async () => {
    distributorUser();
    hold('/saas/order/ticketOrder/pay:PUT');
    const calls = serve(answer({ ...ticketOrder, orderState: 2 }));
    renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-pay'));
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(optionsOf('Pay by')).toEqual(['Credit', 'Cash']);
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ orderId: 42, payType: 1 });
  });

  const CHECK = '/api/finance-app/saas/finance/credit/check';
  const credit = { mchId: 2002, currency: 'CNY', credit: 100_000, tempCredit: 0, balance: 0, usedCredit: 0, available: 100_000, state: 1, enough: true, reason: '' };

  it('shows the distributor its available credit while it pays by credit, and why credit would be refused', async () => {
    distributorUser();
    hold('/saas/order/ticketOrder/pay:PUT', '/saas/finance/credit/check:GET');
    const refused = { ...credit, available: 10_000, enough: false, reason: 'not enough credit: 100.00 available, 160.00 needed' };
    const calls = serve((c) => (c.url.pathname === CHECK ? refused : answer({ ...ticketOrder, orderState: 2 })(c)));
    const { problems } = renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-pay'));
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(await within(dialog).findByText('Available credit: 100.00 CNY')).toBeTruthy();
    expect(within(dialog).getByTestId('credit-refused').textContent).toBe('Paying by credit would be refused: not enough credit: 100.00 available, 160.00 needed');
    // A distributor's user checks its own account, for the order's price.
    const asked = calls.filter((c) => c.url.pathname === CHECK);
    expect(asked).toHaveLength(1);
    expect(query(asked[0])).toEqual({ amount: '16000' });
    pick('Pay by', 'Cash');
    expect(within(dialog).queryByTestId('credit-available')).toBeNull();
    expect(within(dialog).queryByTestId('credit-refused')).toBeNull();
    expect(problems).toEqual([]);
  });

  it("checks the order's distributor for the tenant's staff, and nothing for a user without the check's code", async () => {
    staffUser();
    hold('/saas/order/ticketOrder/pay:PUT', '/saas/finance/credit/check:GET');
    const calls = serve((c) => (c.url.pathname === CHECK ? credit : answer({ ...ticketOrder, orderState: 2 })(c)));
    renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-pay'));
    let dialog = await screen.findByTestId('order-action-dialog');
    expect(await within(dialog).findByText('Available credit: 1000.00 CNY')).toBeTruthy();
    expect(within(dialog).queryByTestId('credit-refused')).toBeNull();
    expect(query(calls.filter((c) => c.url.pathname === CHECK)[0])).toEqual({ mchId: '2002', amount: '16000' });
    fireEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('order-action-dialog')).toBeNull());

    hold('/saas/order/ticketOrder/pay:PUT');
    fireEvent.click(screen.getByTestId('order-action-pay'));
    dialog = await screen.findByTestId('order-action-dialog');
    expect(within(dialog).getByText('Amount: 160.00')).toBeTruthy();
    expect(within(dialog).queryByTestId('credit-available')).toBeNull();
    expect(calls.filter((c) => c.url.pathname === CHECK)).toHaveLength(1);
  });

  it('says when the distributor has no credit account', async () => {
    distributorUser();
    hold('/saas/order/ticketOrder/pay:PUT', '/saas/finance/credit/check:GET');
    serve(answer({ ...ticketOrder, orderState: 2 }));
    const ok = globalThis.fetch as unknown as (input: string, init?: RequestInit) => Promise<Response>;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input.includes('/credit/check') ? Promise.resolve(new Response(JSON.stringify({ state: 'fail', code: 'not-found', msg: 'credit account not found' }), { status: 404 })) : ok(input, init),
    );
    renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-pay'));
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(await within(dialog).findByText('No credit account: paying by credit will be refused')).toBeTruthy();
  });

  it("hides the supplier's price from a distributor and the log from one without its code", async () => {
    distributorUser();
    const calls = serve(answer());
    renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    await screen.findByText('Ticket order 42');
    await screen.findByTestId('order-amounts');
    expect(within(screen.getByTestId('order-amounts')).queryByText('Supplier price')).toBeNull();
    expect(screen.queryByTestId('order-logs')).toBeNull();
    expect(calls.filter((c) => c.url.pathname === LOG)).toHaveLength(0);
  });

  it('lets the supplier confirm a waiting order, then loads it again', async () => {
    supplierUser();
    hold('/saas/order/ticketOrder/confirm:PUT', '/saas/order/ticketOrder/refuse:PUT', '/saas/order/ticketOrder/cancel:PUT');
    const calls = serve(answer());
    const { problems } = renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-confirm'));
    // A distributor's action is not offered to the supplier.
    expect(screen.queryByTestId('order-action-cancel')).toBeNull();
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(within(dialog).getByText('Confirm this order? The tickets are then certain and their vouchers issued.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/order/ticketOrder/confirm');
    expect(writes(calls)[0].body).toEqual({ orderId: 42, remark: '' });
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
    expect(problems).toEqual([]);
  });

  it('asks the reason of a refusal before sending it', async () => {
    supplierUser();
    hold('/saas/order/ticketOrder/refuse:PUT');
    const calls = serve(answer());
    renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-refuse'));
    const dialog = await screen.findByTestId('order-action-dialog');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Reason')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: 'Boats full' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/order/ticketOrder/refuse');
    expect(writes(calls)[0].body).toEqual({ orderId: 42, remark: 'Boats full' });
  });

  it('lets the distributor pay an unpaid order in cash and change the remark', async () => {
    distributorUser();
    hold('/saas/order/ticketOrder/pay:PUT', '/saas/order/ticketOrder/updateRemark:PUT');
    const calls = serve(answer({ ...ticketOrder, orderState: 2 }));
    renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-pay'));
    let dialog = await screen.findByTestId('order-action-dialog');
    expect(within(dialog).getByText('Amount: 160.00')).toBeTruthy();
    pick('Pay by', 'Cash');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/order/ticketOrder/pay');
    expect(writes(calls)[0].body).toEqual({ orderId: 42, payType: 2 });
    await waitFor(() => expect(screen.queryByTestId('order-action-dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('order-action-remark'));
    dialog = await screen.findByTestId('order-remark-dialog');
    expect((screen.getByTestId('field-remark') as HTMLInputElement).value).toBe('Window seats');
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: 'Aisle seats' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].url.pathname).toBe('/api/ticket-app/saas/order/ticketOrder/updateRemark');
    expect(writes(calls)[1].body).toEqual({ orderId: 42, remark: 'Aisle seats' });
  });

  it("lets the tenant's staff adjust the order and supplier prices, and no merchant", async () => {
    staffUser();
    hold('/saas/order/ticketSys/orderToAdjust:PUT');
    const calls = serve(answer());
    const { problems } = renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-adjust'));
    const dialog = await screen.findByTestId('order-adjust-dialog');
    expect(within(dialog).getAllByText('Order price (yuan)').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('Supplier price (yuan)').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Now 160.00')).toBeTruthy();
    expect(within(dialog).queryByTestId('field-channelPrice')).toBeNull();
    fireEvent.change(screen.getByTestId('field-orderPrice'), { target: { value: '150' } });
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: 'Agreed by phone' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/order/ticketSys/orderToAdjust');
    expect(writes(calls)[0].body).toEqual({ orderId: 42, orderPrice: 15_000, remark: 'Agreed by phone' });
    expect(problems).toEqual([]);
  });

  it('offers no adjustment to a merchant holding the code', async () => {
    supplierUser();
    hold('/saas/order/ticketSys/orderToAdjust:PUT', '/saas/order/ticketOrder/updateRemark:PUT');
    serve(answer());
    renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    await screen.findByTestId('order-action-remark');
    expect(screen.queryByTestId('order-action-adjust')).toBeNull();
  });
});

describe("a channel's order in the detail", () => {
  const CONFIGS = [{ id: 4001, interfaceId: 2001, interfaceName: 'meituan', title: 'Meituan', mchId: 2002, configName: 'Demo meituan', productType: 20, type: 2 }];
  const channelOrder = { ...ticketOrder, configId: 4001, channelOrderId: 'MT-7001', channelPrice: 17_500, channelState: 49 };
  const answer = (o: typeof ticketOrder) => (c: { url: URL }) => (c.url.pathname.endsWith('/interfaceConfig/listForSelect') ? CONFIGS : c.url.pathname === LOG ? [ticketOrderLog] : o);

  it('shows its configuration, the channel order number and price, and the channel state refused a cancellation', async () => {
    staffUser();
    hold(PERM.interfaceConfig.select);
    serve(answer(channelOrder));
    const { problems } = renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    const booking = await screen.findByTestId('order-booking');
    expect(await within(booking).findByText('Meituan · Demo meituan')).toBeTruthy();
    expect(within(booking).getByText('Channel configuration')).toBeTruthy();
    expect(within(booking).getByText('Channel order no.')).toBeTruthy();
    expect(within(booking).getByText('MT-7001')).toBeTruthy();
    const amounts = screen.getByTestId('order-amounts');
    expect(within(amounts).getByText('Channel price')).toBeTruthy();
    expect(within(amounts).getByText('175.00')).toBeTruthy();
    expect(within(screen.getByTestId('order-states')).getByText('Cancellation failed')).toBeTruthy();
    expect(problems).toEqual([]);
  });

  it("names the configuration by its id to one who may not read them, and hides the channel's price from the supplier", async () => {
    supplierUser();
    const calls = serve(answer(channelOrder));
    renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    const booking = await screen.findByTestId('order-booking');
    expect(within(booking).getByText('#4001')).toBeTruthy();
    expect(within(booking).getByText('MT-7001')).toBeTruthy();
    expect(within(screen.getByTestId('order-amounts')).queryByText('Channel price')).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/interfaceConfig/listForSelect'))).toBe(false);
  });

  it('shows nothing of a channel for an order booked here, and labels the channel states', async () => {
    staffUser();
    hold(PERM.interfaceConfig.select);
    const calls = serve(answer({ ...ticketOrder, channelState: 48, supplierState: 47 }));
    renderPage(OrderDetail, en, '/saas-ticket-app/order/detail?orderId=42');
    const booking = await screen.findByTestId('order-booking');
    expect(within(booking).queryByText('Channel order no.')).toBeNull();
    expect(within(screen.getByTestId('order-amounts')).queryByText('Channel price')).toBeNull();
    const states = screen.getByTestId('order-states');
    expect(within(states).getByText('Cancelled by the channel')).toBeTruthy();
    expect(within(states).getByText('Cancelled on timeout')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/interfaceConfig/listForSelect'))).toBe(false);
  });
});
