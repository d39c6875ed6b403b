// Distributors' balances (finance-app GET /saas/balance/info/list): prepaid money, credit, used
// credit and what is available, by distributor and credit state. From a row: its chart (the
// balance chart page for that distributor) and, for the tenant's finance staff, money in or out.
// A distributor's user sees its own.
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
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
import { Amount } from '../../Amount';
import { APP } from '../../app';
import { CREDIT_STATE } from '../../enums';
import { CashDialog } from '../cashLogs/CashDialog';
import type { Account } from '../credit/types';

const EMPTY = { mchId: '', state: '' };
const F = 'base.credit.fields';

export default function BalanceList() {
  const label = useEnumLabel();
  const navigate = useNavigate();
  const staff = useIsTenantStaff();
  const distributors = useMerchantOptions('distributor', staff);
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const [moving, setMoving] = useState<Account | null>(null);
  const may = { graph: useHolds(PERM.balance.graph), cash: useHolds(PERM.cashLog.save) };
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<Account>>('finance-app', endpointOf(PERM.balance.list), { query: { page, resultNum: size, mchId: applied.mchId, state: applied.state } }),
    [applied],
  );
  const columns: Column<Account>[] = [
    { key: 'mchId', title: `${F}.mchId`, width: 80 },
    { key: 'mchName', title: `${F}.mchName`, render: (r) => r.mchName || '--' },
    { key: 'currency', title: `${F}.currency`, width: 60 },
    { key: 'balance', title: `${F}.balance`, render: (r) => <Amount fen={r.balance} strong /> },
    { key: 'credit', title: `${F}.credit`, render: (r) => <Amount fen={r.credit} /> },
    { key: 'tempCredit', title: `${F}.tempCreditValid`, render: (r) => <Amount fen={r.tempCreditValid ? r.tempCredit : 0} /> },
    { key: 'usedCredit', title: `${F}.usedCredit`, render: (r) => <Amount fen={r.usedCredit} /> },
    { key: 'available', title: `${F}.available`, render: (r) => <Amount fen={r.available} strong /> },
    { key: 'state', title: `${F}.state`, render: (r) => label(CREDIT_STATE, r.state) },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate) },
  ];
  if (may.graph || may.cash) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => (
        <RowActions>
          {may.graph && (
            <RowAction label="base.balances.chart" onClick={() => navigate(`/${APP}/accounting/balance/info/graphList?mchId=${r.mchId}`)} testId={`balance-chart-${r.mchId}`} />
          )}
          {may.cash && <RowAction label="base.balances.moveCash" onClick={() => setMoving(r)} testId={`balance-cash-${r.mchId}`} />}
        </RowActions>
      ),
    });
  }
  return (
    <ListPage
      title="base.balances.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          {staff && <SelectFilter label={`${F}.mchName`} value={f.draft.mchId} onChange={(v) => f.set('mchId', v)} options={distributors} width={200} testId="balance-distributor" />}
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={CREDIT_STATE} testId="balance-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.mchId} testId="base-balances-table" />
      {moving && (
        <CashDialog
          distributors={[{ value: String(moving.mchId), text: moving.mchName || String(moving.mchId) }]}
          mchId={moving.mchId}
          onClose={() => setMoving(null)}
          onSaved={() => {
            setMoving(null);
            refresh();
          }}
        />
      )}
    </ListPage>
  );
}
