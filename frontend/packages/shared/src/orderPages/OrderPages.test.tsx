// The order pages hotel-app's and ticket-app's orders share, told an example service: what every
// order list filters by and sends, a link's order and Reset leaving it; the detail's states and
// the way it loads again; the action bar's parties, dialogs and bodies with and without the
// options a service adds. Each application's tests check what it adds (its columns, filters,
// fields, own actions) and that its pages reach its service.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bindOrderActions, type OrderAction } from '../orders';
import { session } from '../session';
import { lastGet, pageOf, pick, query, renderPage, serve, setUpPageTests, writes } from '../testing';
import { OrderActionBar, type ActionOptions, type OwnOrderAction } from './OrderActions';
import { OrderDetailPage, OrderSections, useOrderStateFields } from './OrderDetail';
import { OrderListPage, type OrderFilters } from './OrderList';
import type { OrderPagesConfig } from './config';

setUpPageTests();

const CONFIG: OrderPagesConfig = {
  service: 'ticket-app',
  messages: { fields: 'x.f', detail: 'x.d', actions: 'x.a', back: 'x.back' },
  detailPath: (orderId) => `/x/order/detail?orderId=${orderId}`,
};

const MESSAGES: Record<string, string> = {
  'x.f.orderId': 'Order',
  'x.f.orderState': 'Order state',
  'x.f.payState': 'Payment state',
  'x.f.realState': 'Real',
  'x.f.supplierState': 'Supplier progress',
  'x.f.cancelApply': 'Cancellation',
  'x.f.payDeadline': 'Pay before',
  'x.f.contact': 'Contact',
  'x.f.from': 'From',
  'x.f.to': 'To',
  'x.f.name': 'Name',
  'x.title': 'Orders',
  'x.states': 'States',
  'x.d.title': 'Order {orderId}',
  'x.d.noOrder': 'No order chosen',
  'x.d.notLoaded': 'Not loaded',
  'x.back': 'Back',
  'x.a.pay': 'Pay',
  'x.a.confirm': 'Confirm',
  'x.a.refuse': 'Refuse',
  'x.a.cancel': 'Cancel',
  'x.a.note': 'Note',
  'x.a.question.pay': 'Pay this order?',
  'x.a.question.confirm': 'Confirm this order?',
  'x.a.question.refuse': 'Refuse this order?',
  'x.a.reason': 'Reason',
  'x.a.supplierOrderId': 'Supplier order',
  'x.a.payType': 'Pay by',
  'x.a.amount': 'Amount: {amount}',
};

interface Order {
  orderId: number;
  name: string;
  orderState: number;
  realState: number;
  supplierState: number;
  payState: number;
  cancelApply: number;
  payDeadline: number;
  orderPrice: number;
}

const ORDER: Order = { orderId: 42, name: 'Wang Wu', orderState: 8, realState: 30, supplierState: 30, payState: 21, cancelApply: 0, payDeadline: 0, orderPrice: 16_000 };

const EXTRA = { kind: 'a' };
const extraQuery = (a: OrderFilters<typeof EXTRA>) => ({ kind: a.kind });

function List() {
  return (
    <OrderListPage
      config={CONFIG}
      list={{ path: '/saas/x/list', title: 'x.title', testId: 'x-table' }}
      extra={EXTRA}
      extraQuery={extraQuery}
      labels={{ contact: 'x.f.contact', startDate: 'x.f.from', endDate: 'x.f.to' }}
      columns={[{ key: 'name', title: 'x.f.name' }]}
    />
  );
}

describe('order list', () => {
  it('sends the common filters and the service\'s own, and links each order to its detail', async () => {
    const calls = serve(() => pageOf([ORDER]));
    const { problems } = renderPage(List, MESSAGES);
    expect((await screen.findByTestId('order-42')).getAttribute('href')).toBe('/x/order/detail?orderId=42');
    expect(within(screen.getByTestId('x-table')).getByText('Wang Wu')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/x/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20', kind: 'a' });

    fireEvent.change(screen.getByTestId('orders-order-id'), { target: { value: '4x2' } });
    expect((screen.getByTestId('orders-order-id') as HTMLInputElement).value).toBe('42');
    fireEvent.change(screen.getByTestId('orders-contact'), { target: { value: ' Li ' } });
    pick('Order state', 'Unconfirmed');
    pick('Payment state', 'Paid');
    fireEvent.change(screen.getByTestId('orders-start'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByTestId('orders-end'), { target: { value: '2026-12-31' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(query(lastGet(calls))).toEqual({
        page: '1',
        resultNum: '20',
        orderId: '42',
        contact: 'Li',
        orderState: '8',
        payState: '21',
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        kind: 'a',
      }),
    );
    expect(problems).toEqual([]);
  });

  it('opens on the order a link names, and Reset leaves it', async () => {
    const calls = serve(() => pageOf([ORDER]));
    const { problems } = renderPage(List, MESSAGES, '/x/list?orderId=42');
    await screen.findByTestId('order-42');
    expect(calls[0].url.searchParams.get('orderId')).toBe('42');
    expect((screen.getByTestId('orders-order-id') as HTMLInputElement).value).toBe('42');
    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/x/list'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', kind: 'a' }));
    expect((screen.getByTestId('orders-order-id') as HTMLInputElement).value).toBe('');
    expect(problems).toEqual([]);
  });
});

const ACTIONS: OrderAction[] = bindOrderActions({ pay: '/saas/x/pay:PUT', confirm: '/saas/x/confirm:PUT', refuse: '/saas/x/refuse:PUT', cancel: '/saas/x/cancel:PUT' });

function States({ order }: { order: Order }) {
  const states = useOrderStateFields(CONFIG.messages.fields, order, ['realState', 'supplierState']);
  return <OrderSections sections={[{ title: 'x.states', fields: states, testId: 'order-states' }]} />;
}

const load = (orderId: string) => Promise.resolve({ ...ORDER, orderId: Number(orderId) });

function detail(options?: ActionOptions<Order>, own?: OwnOrderAction[], order: Partial<Order> = {}) {
  const loadIt = (orderId: string) => load(orderId).then((o) => ({ ...o, ...order }));
  return function Detail() {
    return (
      <OrderDetailPage config={CONFIG} testId="x-detail" load={loadIt}>
        {(o, reload, generation) => (
          <>
            <OrderActionBar config={CONFIG} actions={ACTIONS} order={o} options={options} own={own} onDone={reload} />
            <States order={o} />
            <div data-testid="generation">{generation}</div>
          </>
        )}
      </OrderDetailPage>
    );
  };
}

const supplier = () => session.setUser({ id: 2, username: 'supplier', saasId: 1001, mchId: 2001, mscType: 311 } as never, { mchType: 1 });
const distributor = () => session.setUser({ id: 3, username: 'distributor', saasId: 1001, mchId: 2002, mscType: 312 } as never, { mchType: 2 });
const hold = (...codes: string[]) => session.setPermissions(codes.map((permCode) => ({ permCode, appId: 1 })));

describe('order detail', () => {
  it('shows the order\'s states under the service\'s names', async () => {
    const { problems } = renderPage(detail(), MESSAGES, '/x/order/detail?orderId=42');
    const states = await screen.findByTestId('order-states');
    expect(screen.getByText('Order 42')).toBeTruthy();
    expect(within(states).getByText('Unconfirmed')).toBeTruthy();
    expect(within(states).getByText('Supplier progress')).toBeTruthy();
    expect(within(states).getAllByText('Booking')).toHaveLength(2);
    expect(within(states).getByText('Paid')).toBeTruthy();
    // Neither a party nor holding a code: no action bar.
    expect(screen.queryByTestId('order-actions')).toBeNull();
    expect(problems).toEqual([]);
  });

  it('asks for an order when none is named', async () => {
    renderPage(detail(), MESSAGES, '/x/order/detail');
    expect(await screen.findByText('No order chosen')).toBeTruthy();
    expect(screen.getByText('Order --')).toBeTruthy();
  });
});

describe('order action bar', () => {
  it("offers the supplier its actions, asks a refusal's reason, sends it and loads the order again", async () => {
    supplier();
    hold('/saas/x/confirm:PUT', '/saas/x/refuse:PUT', '/saas/x/cancel:PUT');
    const calls = serve(() => null);
    const { problems } = renderPage(detail(), MESSAGES, '/x/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-refuse'));
    expect(screen.getByTestId('order-action-confirm')).toBeTruthy();
    expect(screen.queryByTestId('order-action-cancel')).toBeNull();
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(within(dialog).getByText('Refuse this order?')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Reason')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: ' Full ' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/x/refuse');
    expect(writes(calls)[0].body).toEqual({ orderId: 42, remark: 'Full' });
    await waitFor(() => expect(screen.getByTestId('generation').textContent).toBe('1'));
    expect(problems).toEqual([]);
  });

  it('pays by the way chosen, without a remark unless the service takes one', async () => {
    distributor();
    hold('/saas/x/pay:PUT');
    const calls = serve(() => null);
    renderPage(detail(undefined, undefined, { orderState: 2 }), MESSAGES, '/x/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-pay'));
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(within(dialog).getByText('Amount: 160.00')).toBeTruthy();
    expect(within(dialog).queryByTestId('field-remark')).toBeNull();
    pick('Pay by', 'Cash');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ orderId: 42, payType: 2 });
  });

  it("takes a payment's remark, a confirmation's supplier order number and shows the credit note when the service asks", async () => {
    distributor();
    hold('/saas/x/pay:PUT');
    const options: ActionOptions<Order> = { remarkOnPay: true, supplierOrderIdOnConfirm: true, creditNote: (o) => <span data-testid="credit-note">{o.orderId}</span> };
    const calls = serve(() => null);
    renderPage(detail(options, undefined, { orderState: 2 }), MESSAGES, '/x/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-pay'));
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(within(dialog).getByTestId('credit-note').textContent).toBe('42');
    pick('Pay by', 'Cash');
    expect(within(dialog).queryByTestId('credit-note')).toBeNull();
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: 'transfer' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ orderId: 42, remark: 'transfer', payType: 2 });
  });

  it("shows a service's own action to the parties it names who hold its code, with its dialog", async () => {
    supplier();
    hold('/saas/x/confirm:PUT', '/saas/x/note:PUT');
    const calls = serve(() => null);
    const own: OwnOrderAction[] = [{ key: 'note', code: '/saas/x/note:PUT', parties: ['S', 'O'], dialog: ({ party, onClose }) => <button data-testid="note-dialog" onClick={onClose}>{party}</button> }];
    renderPage(detail({ supplierOrderIdOnConfirm: true }, own), MESSAGES, '/x/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-note'));
    fireEvent.click(await screen.findByTestId('note-dialog'));
    expect(screen.queryByTestId('note-dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('order-action-confirm'));
    const dialog = await screen.findByTestId('order-action-dialog');
    fireEvent.change(screen.getByTestId('field-supplierOrderId'), { target: { value: 'S-1' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ orderId: 42, remark: '', supplierOrderId: 'S-1' });
  });

  it("hides a service's own action from a party it does not name", async () => {
    distributor();
    hold('/saas/x/note:PUT');
    serve(() => null);
    const own: OwnOrderAction[] = [{ key: 'note', code: '/saas/x/note:PUT', parties: ['S', 'O'], dialog: () => null }];
    renderPage(detail(undefined, own), MESSAGES, '/x/order/detail?orderId=42');
    await screen.findByTestId('order-states');
    expect(screen.queryByTestId('order-actions')).toBeNull();
  });
});
