// Adding (POST /saas/finance/bank/save) or changing (PUT .../update) a bank account of the tenant;
// a number another account of the tenant has is refused under the number.
import { api, endpointOf, FormDialog, FormText, PERM, useForm } from '@tradewind/shared';
import { BANK_RULES, bankBody, bankValues } from './bankForm';
import type { Bank } from './types';

const F = 'base.banks.fields';

export function BankDialog({ row, onClose, onSaved }: { row: Bank | null; onClose: () => void; onSaved: () => void }) {
  const form = useForm(bankValues(row));
  const submit = () =>
    void form
      .submit(BANK_RULES, (v) =>
        row ? api.put('finance-app', endpointOf(PERM.bank.update), { bankId: row.bankId, ...bankBody(v) }) : api.post('finance-app', endpointOf(PERM.bank.save), bankBody(v)),
      )
      .then((ok) => ok && onSaved());
  return (
    <FormDialog open title={row ? 'base.banks.editTitle' : 'base.banks.addTitle'} busy={form.busy} onClose={onClose} onSubmit={submit} testId="bank-dialog">
      <FormText form={form} name="bankName" label={`${F}.bankName`} required />
      <FormText form={form} name="branch" label={`${F}.branch`} />
      <FormText form={form} name="accountName" label={`${F}.accountName`} required />
      <FormText form={form} name="accountNo" label={`${F}.accountNo`} required />
      <FormText form={form} name="currency" label={`${F}.currency`} required />
      <span />
      <FormText form={form} name="remark" label={`${F}.remark`} multiline wide />
    </FormDialog>
  );
}
