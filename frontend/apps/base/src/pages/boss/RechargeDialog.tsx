// A platform administrator tops up a tenant's balance (POST /saas/boss/charge/recharge; the
// service refuses everyone else): the amount typed in yuan, sent in fen, above 0 and at most
// 100,000,000.00.
import { api, FormDialog, FormSelect, FormText, isAmount, rules, useForm, useOptions, yuanToFen, type Page } from '@tradewind/shared';
import type { TenantRow } from '../platform/types';

const F = 'base.recharge.fields';
const MAX_FEN = 10_000_000_000;

export function RechargeDialog({ saasId, onClose, onSaved }: { saasId?: number; onClose: () => void; onSaved: () => void }) {
  const form = useForm({ saasId: saasId ? String(saasId) : '', amount: '', remarks: '' });
  const tenants = useOptions(
    () =>
      api
        .get<Page<TenantRow>>('saas-main', '/saas/platform/saasInfo/list', { query: { page: 1, resultNum: 500 } })
        .then((p) => p.results.map((t) => ({ value: String(t.saasId), text: `${t.saasName} (${t.saasId})` }))),
    'tenants',
  );
  // Typed yuan to whole fen by integer arithmetic; the amount rule checks the text first.
  const fen = (s: string) => (isAmount(s) ? yuanToFen(s) : NaN);
  const submit = () =>
    void form
      .submit(
        {
          saasId: rules.chosen('saasId', `${F}.saasId`),
          amount: rules.all(
            rules.required('amount', `${F}.amount`),
            rules.pattern('amount', isAmount, 'form.amount'),
            rules.pattern('amount', (s) => fen(s) > 0 && fen(s) <= MAX_FEN, 'base.recharge.range'),
          ),
          remarks: rules.length('remarks', 0, 200),
        },
        (v) => api.post('saas-main', '/saas/boss/charge/recharge', { saasId: Number(v.saasId), amount: fen(v.amount), remarks: v.remarks.trim() }),
      )
      .then((ok) => ok && onSaved());
  return (
    <FormDialog open title="base.recharge.title" busy={form.busy} onClose={onClose} onSubmit={submit} testId="recharge-dialog">
      <FormSelect form={form} name="saasId" label={`${F}.saasId`} options={tenants} required disabled={Boolean(saasId)} />
      <FormText form={form} name="amount" label={`${F}.amount`} required decimal />
      <FormText form={form} name="remarks" label={`${F}.remarks`} wide />
    </FormDialog>
  );
}
