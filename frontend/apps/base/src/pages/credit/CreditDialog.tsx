// Setting or changing a distributor's credit limits (PUT /saas/finance/credit/update): permanent
// credit, temporary credit with its last day, the state, and the reason the change log keeps.
// Amounts typed in yuan, sent in fen; finance-app's 412 is shown under the field it names.
import { Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api, endpointOf, FormDialog, FormSelect, FormText, money, PERM, useForm, type Option } from '@tradewind/shared';
import { CREDIT_STATE } from '../../enums';
import { LIMIT_RULES, limitBody, limitValues } from './limits';
import type { Account } from './types';

const F = 'base.credit.fields';

export function CreditDialog({ account, distributors, onClose, onSaved }: { account: Account | null; distributors: Option[]; onClose: () => void; onSaved: () => void }) {
  const form = useForm(limitValues(account));
  const submit = () =>
    void form.submit(LIMIT_RULES, (v) => api.put('finance-app', endpointOf(PERM.credit.update), limitBody(v))).then((ok) => ok && onSaved());
  const choices: Option[] = account ? [{ value: String(account.mchId), text: account.mchName || String(account.mchId) }] : distributors;
  return (
    <FormDialog open title={account ? 'base.credit.editTitle' : 'base.credit.addTitle'} busy={form.busy} onClose={onClose} onSubmit={submit} testId="credit-dialog">
      <FormSelect form={form} name="mchId" label={`${F}.mchName`} options={choices} required disabled={account !== null} />
      <FormSelect form={form} name="state" label={`${F}.state`} enumeration={CREDIT_STATE} required />
      {account && (
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mb: 1 }} data-testid="credit-now">
          <FormattedMessage
            id="base.credit.now"
            values={{ used: money(account.usedCredit), balance: money(account.balance), available: money(account.available), currency: account.currency }}
          />
        </Typography>
      )}
      <FormText form={form} name="credit" label={`${F}.creditYuan`} decimal required />
      <span />
      <FormText form={form} name="tempCredit" label={`${F}.tempCreditYuan`} decimal />
      <FormText form={form} name="tempCreditExpiry" label={`${F}.tempCreditExpiry`} type="date" />
      <FormText form={form} name="reason" label={`${F}.reason`} required multiline wide />
    </FormDialog>
  );
}
