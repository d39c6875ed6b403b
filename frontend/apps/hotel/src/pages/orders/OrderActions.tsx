// The action bar of the order detail: each action the user may take on the order in its state,
// asked in a dialog (with the reason, the supplier's order number or the way of paying where the
// action takes them) before PUT; the remarks and, for the tenant's staff, the amounts can be
// changed too. After an action the order is loaded again.
import { useState } from 'react';
import { Box, Button } from '@mui/material';
import { api, endpointOf, FormDialog, FormSelect, FormText, money, PERM, rules, useEnumOptions, useForm, useHolds, useSession, type Rule } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { actionsOf, ADJUST_FIELDS, adjustBody, adjustProblems, partyOf, type AdjustValues, type OrderAction } from './orderActions';
import { PAY_TYPE } from '../../enums';
import { CreditAvailable } from '../booking/CreditAvailable';
import type { OrderFull } from './types';

const A = 'hotel.orderActions';
/** Pay type: credit 1 (cash 2). */
const CREDIT = 1;

export function OrderActions({ order, onDone }: { order: OrderFull; onDone: () => void }) {
  const { user, org, permissions } = useSession();
  const party = partyOf(user?.mchId, org?.mchType);
  const holds = (code: string) => permissions?.some((p) => p.permCode === code) ?? false;
  const mayRemark = useHolds(PERM.order.remark) && party !== null;
  const mayAdjust = useHolds(PERM.order.adjust) && party === 'O';
  const actions = actionsOf(order.orderState, party, holds);
  const [open, setOpen] = useState<OrderAction | 'remark' | 'adjust' | null>(null);
  if (actions.length === 0 && !mayRemark && !mayAdjust) return null;
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
      {mayAdjust && (
        <Button size="small" variant="outlined" onClick={() => setOpen('adjust')} data-testid="order-action-adjust">
          <FormattedMessage id={`${A}.adjust`} />
        </Button>
      )}
      {open && typeof open === 'object' && <ActionDialog action={open} order={order} onClose={() => setOpen(null)} onDone={done} />}
      {open === 'remark' && <RemarkDialog order={order} inner={party !== 'D'} onClose={() => setOpen(null)} onDone={done} />}
      {open === 'adjust' && <AdjustDialog order={order} onClose={() => setOpen(null)} onDone={done} />}
    </Box>
  );
}

function ActionDialog({ action, order, onClose, onDone }: { action: OrderAction; order: OrderFull; onClose: () => void; onDone: () => void }) {
  const form = useForm({ remark: '', supplierOrderId: '', payType: '1' });
  const checks: Record<string, Rule<typeof form.values>> = {
    remark: action.remarkRequired ? rules.all(rules.required('remark', `${A}.reason`), rules.length('remark', 1, 500)) : rules.length('remark', 0, 500),
  };
  if (action.key === 'confirm') checks.supplierOrderId = rules.length('supplierOrderId', 0, 64);
  const save = async () => {
    const ok = await form.submit(checks, (v) => {
      const body: Record<string, unknown> = { orderId: order.orderId, remark: v.remark.trim() };
      if (action.key === 'confirm') body.supplierOrderId = v.supplierOrderId.trim();
      if (action.key === 'pay') body.payType = Number(v.payType);
      return api.put('hotel-app', endpointOf(action.code), body);
    });
    if (ok) onDone();
  };
  const payTypes = useEnumOptions(PAY_TYPE, [1, 2]);
  return (
    <FormDialog open title={`${A}.question.${action.key}`} busy={form.busy} onClose={onClose} onSubmit={save} testId="order-action-dialog" submitLabel={`${A}.${action.key}`}>
      {action.key === 'pay' && (
        <>
          <FormSelect form={form} name="payType" label={`${A}.payType`} options={payTypes} />
          <Box sx={{ alignSelf: 'center' }}>
            <FormattedMessage id={`${A}.amount`} values={{ amount: money(order.orderPrice) }} />
          </Box>
          {form.values.payType === String(CREDIT) && <CreditAvailable mchId={order.distributionId} amount={order.orderPrice} />}
        </>
      )}
      {action.key === 'confirm' && <FormText form={form} name="supplierOrderId" label={`${A}.supplierOrderId`} wide />}
      <FormText form={form} name="remark" label={`${A}.reason`} required={action.remarkRequired} multiline wide />
    </FormDialog>
  );
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

function AdjustDialog({ order, onClose, onDone }: { order: OrderFull; onClose: () => void; onDone: () => void }) {
  const form = useForm<AdjustValues>({ orderPrice: '', supplierPrice: '', channelPrice: '', cancelPrice: '', remark: '' });
  const rule =
    (f: keyof AdjustValues): Rule<AdjustValues> =>
    (v, intl) => {
      const id = adjustProblems(v)[f];
      return id ? intl.formatMessage({ id }) : null;
    };
  const save = async () => {
    const ok = await form.submit(
      { orderPrice: rule('orderPrice'), supplierPrice: rule('supplierPrice'), channelPrice: rule('channelPrice'), cancelPrice: rule('cancelPrice'), remark: rule('remark') },
      (v) => api.put('hotel-app', endpointOf(PERM.order.adjust), adjustBody(order.orderId, v)),
    );
    if (ok) onDone();
  };
  const now: Record<(typeof ADJUST_FIELDS)[number], number | undefined> = {
    orderPrice: order.orderPrice,
    supplierPrice: order.supplierPrice ?? undefined,
    channelPrice: order.channelPrice,
    cancelPrice: order.cancelPrice ?? undefined,
  };
  return (
    <FormDialog open title={`${A}.adjustTitle`} busy={form.busy} onClose={onClose} onSubmit={save} testId="order-adjust-dialog">
      {ADJUST_FIELDS.map((f) => (
        <Box key={f}>
          <FormText form={form} name={f} label={`${A}.${f}`} decimal />
          <Box sx={{ fontSize: 12, color: 'text.secondary', mt: -1 }}>
            <FormattedMessage id={`${A}.now`} values={{ amount: money(now[f]) }} />
          </Box>
        </Box>
      ))}
      <FormText form={form} name="remark" label={`${A}.reason`} required multiline wide />
    </FormDialog>
  );
}
