// The tenant's bank accounts for receipts and payments (finance-app GET /saas/finance/bank/list),
// newest first, by bank, holder or number and state: added and changed in a dialog, disabled (kept
// for the records that name them) or put in use again after a question.
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  AddButton,
  api,
  Clip,
  DataTable,
  dateTime,
  endpointOf,
  ListPage,
  PERM,
  RowAction,
  RowActions,
  SelectFilter,
  TextFilter,
  useConfirm,
  useEnumLabel,
  useFilters,
  useHolds,
  type Column,
  type Page,
} from '@tradewind/shared';
import { BANK_STATE } from '../../enums';
import { BankDialog } from './BankDialog';
import type { Bank } from './types';

const EMPTY = { keyword: '', state: '' };
const F = 'base.banks.fields';
const IN_USE = 1;

export default function BankList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const confirm = useConfirm();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const [editing, setEditing] = useState<Bank | 'new' | null>(null);
  const may = { save: useHolds(PERM.bank.save), update: useHolds(PERM.bank.update), disable: useHolds(PERM.bank.disable) };
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<Bank>>('finance-app', endpointOf(PERM.bank.list), { query: { page, resultNum: size, keyword: applied.keyword.trim(), state: applied.state } }),
    [applied],
  );
  const switchState = (r: Bank) => {
    const state = r.state === IN_USE ? 0 : 1;
    confirm.ask(intl.formatMessage({ id: state === 0 ? 'base.banks.confirmDisable' : 'base.banks.confirmEnable' }, { name: `${r.bankName} ${r.accountNo}` }), () =>
      api.put('finance-app', endpointOf(PERM.bank.disable), { bankId: r.bankId, state }).then(refresh),
    );
  };
  const columns: Column<Bank>[] = [
    { key: 'bankName', title: `${F}.bankName`, render: (r) => <Clip text={r.bankName} width={160} /> },
    { key: 'branch', title: `${F}.branch`, render: (r) => <Clip text={r.branch} width={160} /> },
    { key: 'accountName', title: `${F}.accountName`, render: (r) => <Clip text={r.accountName} width={140} /> },
    { key: 'accountNo', title: `${F}.accountNo`, render: (r) => <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{r.accountNo}</span> },
    { key: 'currency', title: `${F}.currency`, width: 60 },
    { key: 'remark', title: `${F}.remark`, render: (r) => <Clip text={r.remark} width={140} /> },
    { key: 'state', title: `${F}.state`, render: (r) => label(BANK_STATE, r.state) },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{dateTime(r.modifyDate)}</span> },
  ];
  if (may.update || may.disable) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => (
        <RowActions>
          {may.update && <RowAction label="form.edit" onClick={() => setEditing(r)} testId={`bank-edit-${r.bankId}`} />}
          {may.disable && (
            <RowAction
              label={r.state === IN_USE ? 'base.banks.disable' : 'base.banks.enable'}
              color={r.state === IN_USE ? 'warning' : undefined}
              onClick={() => switchState(r)}
              testId={`bank-state-${r.bankId}`}
            />
          )}
        </RowActions>
      ),
    });
  }
  return (
    <ListPage
      title="base.banks.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={may.save && <AddButton onClick={() => setEditing('new')} testId="bank-add" />}
      filters={
        <>
          <TextFilter label="base.banks.keyword" value={f.draft.keyword} onChange={(v) => f.set('keyword', v)} width={220} testId="banks-keyword" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={BANK_STATE} testId="banks-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.bankId} testId="base-banks-table" />
      {editing && (
        <BankDialog
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {confirm.element}
    </ListPage>
  );
}
