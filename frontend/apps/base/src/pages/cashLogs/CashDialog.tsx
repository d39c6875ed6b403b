// Recording prepaid money into or out of a distributor's balance (POST /saas/cash/log/save): the
// rules are checked, then the question names the amount and the distributor, then it is sent.
// finance-app never takes out more than the balance, nor so much that less than nothing stays
// available; its 412 shows under the field it names (the amount).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { api, ConfirmDialog, endpointOf, FormDialog, FormSelect, FormText, money, PERM, useForm, type Option } from '@tradewind/shared';
import { CASH_DIRECTION } from '../../enums';
import { fenOf } from '../../money';
import { CASH_OUT, CASH_RULES, cashBody, cashValues } from './cash';

const F = 'base.cashLogs.fields';

export function CashDialog({ distributors, mchId, onClose, onSaved }: { distributors: Option[]; mchId?: number; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const form = useForm(cashValues(mchId ? String(mchId) : ''));
  const [confirming, setConfirming] = useState(false);
  const v = form.values;
  const name = distributors.find((d) => d.value === v.mchId)?.text ?? v.mchId;
  const save = async () => {
    setConfirming(false);
    const ok = await form.submit(CASH_RULES, (x) => api.post('finance-app', endpointOf(PERM.cashLog.save), cashBody(x)));
    if (ok) onSaved();
  };
  return (
    <FormDialog open title="base.cashLogs.addTitle" busy={form.busy} onClose={onClose} onSubmit={() => form.check(CASH_RULES) && setConfirming(true)} testId="cash-dialog">
      <FormSelect form={form} name="mchId" label={`${F}.distributor`} options={distributors} required disabled={mchId !== undefined} />
      <FormSelect form={form} name="direction" label={`${F}.direction`} enumeration={CASH_DIRECTION} required />
      <FormText form={form} name="money" label={`${F}.amountYuan`} decimal required />
      <span />
      <FormText form={form} name="remark" label={`${F}.remark`} required multiline wide />
      <ConfirmDialog
        question={
          confirming
            ? intl.formatMessage({ id: v.direction === CASH_OUT ? 'base.cashLogs.confirmOut' : 'base.cashLogs.confirmIn' }, { amount: money(fenOf(v.money)), name })
            : null
        }
        onCancel={() => setConfirming(false)}
        onConfirm={() => void save()}
      />
    </FormDialog>
  );
}
