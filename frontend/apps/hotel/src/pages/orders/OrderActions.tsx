// The action bar of the order detail: the shared one (each action the user may take on the order
// in its state, asked in a dialog before PUT) told what hotel-app's actions take besides: a payment
// a remark too, with the credit available while credit is the way of paying, a confirmation the
// supplier's order number. hotel-app's own actions: the remarks and, for the tenant's staff, the
// amounts (the shared adjust dialog). After an action the order is loaded again.
import { AdjustDialog, api, CreditAvailable, endpointOf, FormDialog, FormText, OrderActionBar, PERM, rules, useForm, type ActionOptions, type OwnOrderAction } from '@tradewind/shared';
import { ORDER_ACTIONS } from './orderActions';
import { ORDER_PAGES } from './config';
import type { OrderFull } from './types';

const A = ORDER_PAGES.messages.actions;

const OPTIONS: ActionOptions<OrderFull> = {
  remarkOnPay: true,
  supplierOrderIdOnConfirm: true,
  creditNote: (order) => <CreditAvailable mchId={order.distributionId} amount={order.orderPrice} />,
};

export function OrderActions({ order, onDone }: { order: OrderFull; onDone: () => void }) {
  const own: OwnOrderAction[] = [
    // The internal remark is not the distributor's.
    { key: 'remark', code: PERM.order.remark, dialog: ({ party, onClose, onDone: done }) => <RemarkDialog order={order} inner={party !== 'D'} onClose={onClose} onDone={done} /> },
    {
      key: 'adjust',
      code: PERM.order.adjust,
      parties: ['O'],
      dialog: ({ onClose, onDone: done }) => (
        <AdjustDialog
          config={ORDER_PAGES}
          path={endpointOf(PERM.order.adjust)}
          orderId={order.orderId}
          amounts={[
            { field: 'orderPrice', now: order.orderPrice },
            { field: 'supplierPrice', now: order.supplierPrice },
            { field: 'channelPrice', now: order.channelPrice },
            { field: 'cancelPrice', now: order.cancelPrice },
          ]}
          onClose={onClose}
          onDone={done}
        />
      ),
    },
  ];
  return <OrderActionBar config={ORDER_PAGES} actions={ORDER_ACTIONS} order={order} options={OPTIONS} own={own} onDone={onDone} />;
}

function RemarkDialog({ order, inner, onClose, onDone }: { order: OrderFull; inner: boolean; onClose: () => void; onDone: () => void }) {
  const form = useForm({ orderMemo: order.orderMemo ?? '', guestMemo: order.guestMemo ?? '', memoInner: order.memoInner ?? '' });
  const save = async () => {
    const ok = await form.submit(
      {
        orderMemo: rules.length('orderMemo', 0, 500),
        guestMemo: rules.length('guestMemo', 0, 500),
        memoInner: rules.length('memoInner', 0, 500),
      },
      (v) => {
        // Only what changed is sent; the internal remark is not the distributor's.
        const body: Record<string, unknown> = { orderId: order.orderId };
        if (v.orderMemo !== (order.orderMemo ?? '')) body.orderMemo = v.orderMemo;
        if (v.guestMemo !== (order.guestMemo ?? '')) body.guestMemo = v.guestMemo;
        if (inner && v.memoInner !== (order.memoInner ?? '')) body.memoInner = v.memoInner;
        return api.put('hotel-app', endpointOf(PERM.order.remark), body);
      },
    );
    if (ok) onDone();
  };
  return (
    <FormDialog open title={`${A}.remarkTitle`} busy={form.busy} onClose={onClose} onSubmit={save} testId="order-remark-dialog">
      <FormText form={form} name="orderMemo" label="hotel.orderActions.orderMemo" multiline wide />
      <FormText form={form} name="guestMemo" label="hotel.orderActions.guestMemo" multiline wide />
      {inner && <FormText form={form} name="memoInner" label="hotel.orderActions.memoInner" multiline wide />}
    </FormDialog>
  );
}
