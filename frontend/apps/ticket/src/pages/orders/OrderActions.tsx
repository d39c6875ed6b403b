// The action bar of a ticket order's detail: each action the user may take on the order in its
// state (the shared order action table bound to ticket-app's codes), asked in a dialog with the
// reason (required for refusals) or the way of paying, then PUT /saas/order/ticketOrder/<action>;
// and the order's remark, which whoever sees the order may change (updateRemark). After an action
// the order is loaded again.
import { useState } from 'react';
import { Box, Button } from '@mui/material';
import { api, endpointOf, FormDialog, FormSelect, FormText, money, orderPartyOf, PAY_TYPE, PERM, rules, useEnumOptions, useForm, useHolds, useSession, type OrderAction, type Rule } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { ticketActionsOf } from './orderActions';
import type { TicketOrder } from './types';

const A = 'ticket.orderActions';

/** Credit (1: finance-app's saga decides, the order shows why when it refuses) or cash (2). */
const PAY_TYPES = [1, 2];

export function OrderActions({ order, onDone }: { order: TicketOrder; onDone: () => void }) {
  const { user, org, permissions } = useSession();
  const party = orderPartyOf(user?.mchId, org?.mchType);
  const holds = (code: string) => permissions?.some((p) => p.permCode === code) ?? false;
  const mayRemark = useHolds(PERM.ticketOrder.remark) && party !== null;
  const actions = ticketActionsOf(order.orderState, party, holds);
  const [open, setOpen] = useState<OrderAction | 'remark' | null>(null);
  if (actions.length === 0 && !mayRemark) return null;
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
      {mayRemark && (
        <Button size="small" variant="outlined" onClick={() => setOpen('remark')} data-testid="order-action-remark">
          <FormattedMessage id={`${A}.remark`} />
        </Button>
      )}
      {open && typeof open === 'object' && <ActionDialog action={open} order={order} onClose={() => setOpen(null)} onDone={done} />}
      {open === 'remark' && <RemarkDialog order={order} onClose={() => setOpen(null)} onDone={done} />}
    </Box>
  );
}

function ActionDialog({ action, order, onClose, onDone }: { action: OrderAction; order: TicketOrder; onClose: () => void; onDone: () => void }) {
  const pay = action.key === 'pay';
  const form = useForm({ remark: '', payType: String(PAY_TYPES[0]) });
  const payTypes = useEnumOptions(PAY_TYPE, PAY_TYPES);
  const checks: Record<string, Rule<typeof form.values>> = pay
    ? {}
    : { remark: action.remarkRequired ? rules.all(rules.required('remark', `${A}.reason`), rules.length('remark', 1, 500)) : rules.length('remark', 0, 500) };
  const save = async () => {
    const ok = await form.submit(checks, (v) =>
      api.put('ticket-app', endpointOf(action.code), pay ? { orderId: order.orderId, payType: Number(v.payType) } : { orderId: order.orderId, remark: v.remark.trim() }),
    );
    if (ok) onDone();
  };
  return (
    <FormDialog open title={`${A}.question.${action.key}`} busy={form.busy} onClose={onClose} onSubmit={save} testId="order-action-dialog" submitLabel={`${A}.${action.key}`}>
      {pay ? (
        <>
          <FormSelect form={form} name="payType" label={`${A}.payType`} options={payTypes} />
          <Box sx={{ alignSelf: 'center' }}>
            <FormattedMessage id={`${A}.amount`} values={{ amount: money(order.orderPrice) }} />
          </Box>
        </>
      ) : (
        <FormText form={form} name="remark" label={`${A}.reason`} required={action.remarkRequired} multiline wide />
      )}
    </FormDialog>
  );
}

function RemarkDialog({ order, onClose, onDone }: { order: TicketOrder; onClose: () => void; onDone: () => void }) {
  const form = useForm({ remark: order.remark ?? '' });
  const save = async () => {
    const ok = await form.submit({ remark: rules.length('remark', 0, 500) }, (v) =>
      api.put('ticket-app', endpointOf(PERM.ticketOrder.remark), { orderId: order.orderId, remark: v.remark.trim() }),
    );
    if (ok) onDone();
  };
  return (
    <FormDialog open title={`${A}.remarkTitle`} busy={form.busy} onClose={onClose} onSubmit={save} testId="order-remark-dialog">
      <FormText form={form} name="remark" label={`${A}.remarkField`} multiline wide />
    </FormDialog>
  );
}
