// What a distributor may spend on credit now, from finance-app's read-only credit check (GET
// /saas/finance/credit/check): "Available credit: …" before the user pays by credit (a hotel or
// ticket booking form of an online-paid product, an order's Pay dialog while credit is chosen),
// and with the amount to pay whether it is enough (finance-app's reason when not). The saga
// decides at the moment of payment; this only informs. Shown to users holding the check's code:
// a distributor's user checks its own account, the tenant's staff the distributor they name.
import { Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api, ApiError } from '../api';
import type { FinanceAppApi } from '../api-types';
import { endpointOf, PERM } from '../constants';
import { money } from '../format';
import { useHolds, useIsTenantStaff } from './perm';
import { useLoadState } from './useOptions';

/** `CreditCheck` of finance-app (money in fen; `reason` in the user's language, empty when it may). */
export type CreditCheck = FinanceAppApi['schemas']['CreditCheck'];

type Checked = CreditCheck | 'no-account';

function check(mchId: number | undefined, amount: number | undefined): Promise<Checked> {
  return api
    .get<CreditCheck>('finance-app', endpointOf(PERM.credit.check), { query: { mchId, amount: amount && amount > 0 ? amount : undefined }, quiet: true })
    .catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) return 'no-account' as const;
      throw e;
    });
}

export interface CreditAvailableProps {
  /** The distributor, for the tenant's staff (nothing is shown to them until one is named). */
  mchId?: number;
  /** What is about to be paid, fen: finance-app then says whether credit may pay it. */
  amount?: number;
}

export function CreditAvailable({ mchId, amount }: CreditAvailableProps) {
  const holds = useHolds(PERM.credit.check);
  const staff = useIsTenantStaff();
  const wanted = holds && (!staff || (mchId ?? 0) > 0);
  const { data, done } = useLoadState(wanted ? () => check(staff ? mchId : undefined, amount) : null, wanted ? `${staff ? mchId : 'own'}:${amount ?? ''}` : '');
  if (!wanted) return null;
  const line = (id: string, values: Record<string, string> = {}, color = 'text.secondary', testId = 'credit-available') => (
    <Typography variant="body2" color={color} sx={{ gridColumn: '1 / -1', mb: 1 }} data-testid={testId}>
      <FormattedMessage id={id} values={values} />
    </Typography>
  );
  if (!done) return line('credit.checking');
  if (data === null) return line('credit.unknown');
  if (data === 'no-account') return line('credit.noAccount', {}, 'warning.main');
  const available = line('credit.available', { amount: money(data.available), currency: data.currency }, data.enough ? 'success.main' : 'text.primary');
  if (data.reason)
    return (
      <>
        {available}
        {line('credit.refused', { reason: data.reason }, 'warning.main', 'credit-refused')}
      </>
    );
  return available;
}
