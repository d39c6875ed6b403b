// What a distributor may spend on credit now, from finance-app's read-only credit check (GET
// /saas/finance/credit/check): "Available credit: …" before the user pays by credit, and with the
// amount to pay whether it is enough (finance-app's reason when not). The saga decides at the
// moment of payment; this only informs. Shown to users holding the check's code: a distributor's
// user checks its own account, the tenant's staff the distributor they name.
import { Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api, ApiError, endpointOf, money, PERM, useHolds, useIsTenantStaff, useLoadState } from '@tradewind/shared';

/** `CreditCheck` of finance-app (money in fen). */
export interface CreditCheck {
  mchId: number;
  currency: string;
  credit: number;
  tempCredit: number;
  balance: number;
  usedCredit: number;
  available: number;
  /** -1 deleted, 0 invalid, 1 valid. */
  state: number;
  /** Whether `amount` may be paid by credit now. */
  enough: boolean;
  /** Why not, in the user's language. */
  reason: string;
}

type Checked = CreditCheck | 'no-account';

function check(mchId: number | undefined, amount: number | undefined): Promise<Checked> {
  return api
    .get<CreditCheck>('finance-app', endpointOf(PERM.credit.check), { query: { mchId, amount: amount && amount > 0 ? amount : undefined }, quiet: true })
    .catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) return 'no-account' as const;
      throw e;
    });
}

export function CreditAvailable({ mchId, amount }: { mchId?: number; amount?: number }) {
  const holds = useHolds(PERM.credit.check);
  const staff = useIsTenantStaff();
  const wanted = holds && (!staff || (mchId ?? 0) > 0);
  const { data, done } = useLoadState(wanted ? () => check(staff ? mchId : undefined, amount) : null, wanted ? `${staff ? mchId : 'own'}:${amount ?? ''}` : '');
  if (!wanted) return null;
  const line = (id: string, values: Record<string, string> = {}, color = 'text.secondary') => (
    <Typography variant="body2" color={color} sx={{ gridColumn: '1 / -1', mb: 1 }} data-testid="credit-available">
      <FormattedMessage id={id} values={values} />
    </Typography>
  );
  if (!done) return line('hotel.credit.checking');
  if (data === null) return line('hotel.credit.unknown');
  if (data === 'no-account') return line('hotel.credit.noAccount', {}, 'warning.main');
  const available = line('hotel.credit.available', { amount: money(data.available), currency: data.currency }, data.enough ? 'success.main' : 'text.primary');
  if (data.reason)
    return (
      <>
        {available}
        {line('hotel.credit.refused', { reason: data.reason }, 'warning.main')}
      </>
    );
  return available;
}
