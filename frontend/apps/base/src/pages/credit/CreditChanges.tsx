// The change log of one distributor's limits (GET /saas/finance/credit/changes), newest first:
// when, who, why, and each limit before and after.
import { useCallback } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api, Clip, DataTable, dateTime, endpointOf, money, PERM, useEnumLabel, type Column, type Page } from '@tradewind/shared';
import { CREDIT_STATE } from '../../enums';
import type { Account, LimitChange } from './types';

const F = 'base.credit.changes';

/** "before → after", or the value alone when it did not change. */
function Change({ before, after }: { before: string; after: string }) {
  if (before === after) return <>{after}</>;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {before}
      </Box>
      {' → '}
      <Box component="span" sx={{ fontWeight: 600 }}>
        {after}
      </Box>
    </Box>
  );
}

export function CreditChanges({ account, onClose }: { account: Account; onClose: () => void }) {
  const label = useEnumLabel();
  const load = useCallback(
    (page: number, size: number) => api.get<Page<LimitChange>>('finance-app', endpointOf(PERM.credit.changes), { query: { page, resultNum: size, mchId: account.mchId } }),
    [account.mchId],
  );
  const columns: Column<LimitChange>[] = [
    { key: 'createDate', title: `${F}.createDate`, render: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{dateTime(r.createDate)}</Box> },
    { key: 'username', title: `${F}.username` },
    { key: 'reason', title: `${F}.reason`, render: (r) => <Clip text={r.reason} width={220} /> },
    { key: 'credit', title: 'base.credit.fields.credit', render: (r) => <Change before={money(r.creditBefore)} after={money(r.creditAfter)} /> },
    { key: 'tempCredit', title: 'base.credit.fields.tempCredit', render: (r) => <Change before={money(r.tempCreditBefore)} after={money(r.tempCreditAfter)} /> },
    {
      key: 'tempCreditExpiry',
      title: 'base.credit.fields.tempCreditExpiry',
      render: (r) => <Change before={r.tempCreditExpiryBefore || '--'} after={r.tempCreditExpiryAfter || '--'} />,
    },
    { key: 'state', title: 'base.credit.fields.state', render: (r) => <Change before={label(CREDIT_STATE, r.stateBefore)} after={label(CREDIT_STATE, r.stateAfter)} /> },
  ];
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth data-testid="credit-changes">
      <DialogTitle>
        <FormattedMessage id={`${F}.title`} values={{ name: account.mchName || account.mchId }} />
      </DialogTitle>
      <DialogContent>
        <DataTable columns={columns} load={load} rowKey={(r) => r.id} testId="credit-changes-table" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="credit-changes-close">
          <FormattedMessage id="base.common.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
