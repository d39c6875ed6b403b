// The action bar of an order's detail page: each action of the application's table (orders.ts,
// bound to its codes) the user may take on the order in its state, asked in a dialog before the
// PUT (a reason, required for refusals; the way of paying), then the application's own actions on
// the order (remarks, amounts) as it draws them. After an action the order is loaded again.
import { useState, type ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api } from '../api';
import { endpointOf } from '../constants';
import { FormDialog, FormSelect, FormText, rules, useEnumOptions, useForm, type Rule } from '../components/form';
import { money } from '../format';
import { orderActionsOf, orderPartyOf, PAY_TYPE, type OrderAction, type OrderParty } from '../orders';
import { useSession } from '../session';
import type { OrderPagesConfig } from './config';

/** Credit (1) or cash (2), credit first. */
const PAY_TYPES = [1, 2];

/** What the action bar needs of an order. */
export interface ActionOrder {
  orderId: number;
  orderState: number;
  /** In fen; the pay dialog says it. */
  orderPrice: number;
}

/** An action of the application's own beside the state machine's (change the remarks ...). */
export interface OwnOrderAction {
  /** Its button's label `<actions>.<key>` and test id `order-action-<key>`. */
  key: string;
  /** Its permission code. */
  code: string;
  /** Who may take it (anyone who is a party to the order when absent). */
  parties?: OrderParty[];
  /** Its dialog. */
  dialog: (o: { party: OrderParty; onClose: () => void; onDone: () => void }) => ReactNode;
}

/** How a service takes the state machine's actions. */
export interface ActionOptions<O extends ActionOrder = ActionOrder> {
  /** A payment takes a remark too (hotel-app); else it is the order and the way of paying only. */
  remarkOnPay?: boolean;
  /** A confirmation takes the supplier's order number (hotel-app). */
  supplierOrderIdOnConfirm?: boolean;
  /** Shown in the pay dialog while credit is the way of paying (the credit available ...). */
  creditNote?: (order: O) => ReactNode;
}

export interface OrderActionBarProps<O extends ActionOrder> {
  config: OrderPagesConfig;
  /** The application's table of actions (`bindOrderActions`). */
  actions: OrderAction[];
  order: O;
  options?: ActionOptions<O>;
  own?: OwnOrderAction[];
  onDone: () => void;
}

export function OrderActionBar<O extends ActionOrder>({ config, actions: table, order, options = {}, own = [], onDone }: OrderActionBarProps<O>) {
  const { user, org, permissions } = useSession();
  const party = orderPartyOf(user?.mchId, org?.mchType);
  const holds = (code: string) => permissions?.some((p) => p.permCode === code) ?? false;
  const actions = orderActionsOf(table, order.orderState, party, holds);
  const mine = party ? own.filter((a) => holds(a.code) && (a.parties ?? [party]).includes(party)) : [];
  const [open, setOpen] = useState<OrderAction | OwnOrderAction | null>(null);
  if (actions.length === 0 && mine.length === 0) return null;
  const A = config.messages.actions;
  const close = () => setOpen(null);
  const done = () => {
    setOpen(null);
    onDone();
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} data-testid="order-actions">
      {actions.map((a) => (
        <Button key={a.key} size="small" variant="contained" color={a.remarkRequired || a.key === 'cancel' ? 'warning' : 'primary'} onClick={() => setOpen(a)} data-testid={`order-action-${a.key}`}>
          <FormattedMessage id={`${A}.${a.key}`} />
        </Button>
      ))}
      {mine.map((a) => (
        <Button key={a.key} size="small" variant="outlined" onClick={() => setOpen(a)} data-testid={`order-action-${a.key}`}>
          <FormattedMessage id={`${A}.${a.key}`} />
        </Button>
      ))}
      {open && 'dialog' in open
        ? party && open.dialog({ party, onClose: close, onDone: done })
        : open && <ActionDialog config={config} action={open} order={order} options={options} onClose={close} onDone={done} />}
    </Box>
  );
}

function ActionDialog<O extends ActionOrder>({ config, action, order, options, onClose, onDone }: { config: OrderPagesConfig; action: OrderAction; order: O; options: ActionOptions<O>; onClose: () => void; onDone: () => void }) {
  const A = config.messages.actions;
  const pay = action.key === 'pay';
  const withRemark = !pay || Boolean(options.remarkOnPay);
  const withSupplierOrderId = action.key === 'confirm' && Boolean(options.supplierOrderIdOnConfirm);
  const form = useForm({ remark: '', supplierOrderId: '', payType: String(PAY_TYPES[0]) });
  const payTypes = useEnumOptions(PAY_TYPE, PAY_TYPES);
  const checks: Record<string, Rule<typeof form.values>> = {};
  if (withRemark) checks.remark = action.remarkRequired ? rules.all(rules.required('remark', `${A}.reason`), rules.length('remark', 1, 500)) : rules.length('remark', 0, 500);
  if (withSupplierOrderId) checks.supplierOrderId = rules.length('supplierOrderId', 0, 64);
  const save = async () => {
    const ok = await form.submit(checks, (v) => {
      const body: Record<string, unknown> = { orderId: order.orderId };
      if (withRemark) body.remark = v.remark.trim();
      if (withSupplierOrderId) body.supplierOrderId = v.supplierOrderId.trim();
      if (pay) body.payType = Number(v.payType);
      return api.put(config.service, endpointOf(action.code), body);
    });
    if (ok) onDone();
  };
  return (
    <FormDialog open title={`${A}.question.${action.key}`} busy={form.busy} onClose={onClose} onSubmit={save} testId="order-action-dialog" submitLabel={`${A}.${action.key}`}>
      {pay && (
        <>
          <FormSelect form={form} name="payType" label={`${A}.payType`} options={payTypes} />
          <Box sx={{ alignSelf: 'center' }}>
            <FormattedMessage id={`${A}.amount`} values={{ amount: money(order.orderPrice) }} />
          </Box>
          {form.values.payType === String(PAY_TYPES[0]) && options.creditNote?.(order)}
        </>
      )}
      {withSupplierOrderId && <FormText form={form} name="supplierOrderId" label={`${A}.supplierOrderId`} wide />}
      {withRemark && <FormText form={form} name="remark" label={`${A}.reason`} required={action.remarkRequired} multiline wide />}
    </FormDialog>
  );
}
