// Distributors' credit limits (finance-app GET /saas/finance/credit/list), the latest changed
// first: permanent and temporary credit (with its last day), used credit, prepaid balance and
// what is available. The tenant's finance staff set a distributor's limits the first time and
// change them with a reason (PUT .../update); each account's change log (GET .../changes). A
// distributor's user sees its own account only.
import { useCallback, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { Amount } from '../../Amount';
import { FormattedMessage } from 'react-intl';
import {
  AddButton,
  api,
  DataTable,
  dateTime,
  endpointOf,
  ListPage,
  PERM,
  RowAction,
  RowActions,
  SelectFilter,
  useEnumLabel,
  useFilters,
  useHolds,
  useIsTenantStaff,
  useMerchantOptions,
  type Column,
  type Page,
} from '@tradewind/shared';
import { CREDIT_STATE } from '../../enums';
import { CreditChanges } from './CreditChanges';
import { CreditDialog } from './CreditDialog';
import type { Account } from './types';

const EMPTY = { mchId: '', state: '' };
const F = 'base.credit.fields';

export default function CreditList() {
  const label = useEnumLabel();
  const staff = useIsTenantStaff();
  const distributors = useMerchantOptions('distributor', staff);
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const [history, setHistory] = useState<Account | null>(null);
  const may = { update: useHolds(PERM.credit.update), changes: useHolds(PERM.credit.changes) };
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<Account>>('finance-app', endpointOf(PERM.credit.list), { query: { page, resultNum: size, mchId: applied.mchId, state: applied.state } }),
    [applied],
  );
  const columns: Column<Account>[] = [
    { key: 'mchId', title: `${F}.mchId`, width: 80 },
    { key: 'mchName', title: `${F}.mchName`, render: (r) => r.mchName || '--' },
    { key: 'currency', title: `${F}.currency`, width: 60 },
    { key: 'credit', title: `${F}.credit`, render: (r) => <Amount fen={r.credit} /> },
    { key: 'tempCredit', title: `${F}.tempCredit`, render: (r) => <Amount fen={r.tempCredit} /> },
    {
      key: 'tempCreditExpiry',
      title: `${F}.tempCreditExpiry`,
      render: (r) =>
        r.tempCreditExpiry ? (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            {r.tempCreditExpiry}
            {r.tempCredit > 0 && !r.tempCreditValid && (
              <Typography component="span" variant="caption" color="warning.main" sx={{ ml: 0.5 }}>
                <FormattedMessage id="base.credit.expired" />
              </Typography>
            )}
          </Box>
        ) : (
          '--'
        ),
    },
    { key: 'usedCredit', title: `${F}.usedCredit`, render: (r) => <Amount fen={r.usedCredit} /> },
    { key: 'balance', title: `${F}.balance`, render: (r) => <Amount fen={r.balance} /> },
    { key: 'available', title: `${F}.available`, render: (r) => <Amount fen={r.available} strong /> },
    { key: 'state', title: `${F}.state`, render: (r) => label(CREDIT_STATE, r.state) },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate) },
  ];
  if (may.update || may.changes) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => (
        <RowActions>
          {may.update && <RowAction label="base.credit.change" onClick={() => setEditing(r)} testId={`credit-edit-${r.mchId}`} />}
          {may.changes && <RowAction label="base.credit.history" onClick={() => setHistory(r)} testId={`credit-history-${r.mchId}`} />}
        </RowActions>
      ),
    });
  }
  return (
    <ListPage
      title="base.credit.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={may.update && <AddButton label="base.credit.add" onClick={() => setEditing('new')} testId="credit-add" />}
      filters={
        <>
          {staff && <SelectFilter label={`${F}.mchName`} value={f.draft.mchId} onChange={(v) => f.set('mchId', v)} options={distributors} width={200} testId="credit-distributor" />}
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={CREDIT_STATE} testId="credit-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.mchId} testId="base-credit-table" />
      {editing && (
        <CreditDialog
          account={editing === 'new' ? null : editing}
          distributors={distributors}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {history && <CreditChanges account={history} onClose={() => setHistory(null)} />}
    </ListPage>
  );
}
