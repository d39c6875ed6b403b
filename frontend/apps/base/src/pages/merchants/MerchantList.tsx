// The tenant's suppliers or distributors (a merchant's user: its own), newest first:
// saas-main GET /saas/merchant/{supplierInfos,distributorInfos}/list; a merchant's detail, and
// adding and changing them in a dialog.
import { useCallback, useState } from 'react';
import { AddButton, api, DataTable, dateTime, ListPage, money, PERM, RowAction, RowActions, SelectFilter, TextFilter, useEnumLabel, useFilters, useHolds, type Column, type Page } from '@tradewind/shared';
import { MERCHANT_STATE } from '../../enums';
import type { MerchantKind, MerchantRow } from './types';
import { MerchantDetail } from './MerchantDetail';
import { MerchantDialog } from './MerchantDialog';

const KINDS: Record<MerchantKind, { path: string; title: string; testId: string }> = {
  supplier: { path: '/saas/merchant/supplierInfos/list', title: 'base.merchants.supplierTitle', testId: 'base-suppliers-table' },
  distributor: { path: '/saas/merchant/distributorInfos/list', title: 'base.merchants.distributorTitle', testId: 'base-distributors-table' },
};

const EMPTY = { mchName: '', state: '' };
const F = 'base.merchants.fields';

export function MerchantList({ kind }: { kind: MerchantKind }) {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const { path, title, testId } = KINDS[kind];
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const codes = PERM[kind];
  const may = { load: useHolds(codes.load), save: useHolds(codes.save), update: useHolds(codes.update) };
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<MerchantRow>>('saas-main', path, {
        query: { page, resultNum: size, mchName: applied.mchName.trim(), state: applied.state },
      }),
    [applied, path],
  );
  const columns: Column<MerchantRow>[] = [
    { key: 'mchId', title: `${F}.mchId`, width: 90 },
    { key: 'mchName', title: `${F}.mchName` },
    { key: 'grade', title: `${F}.grade` },
    { key: 'contactName', title: `${F}.contactName`, render: (r) => r.contactName || '--' },
    { key: 'contactMobile', title: `${F}.contactMobile`, render: (r) => r.contactMobile || '--' },
    { key: 'contactEmail', title: `${F}.contactEmail`, render: (r) => r.contactEmail || '--' },
    { key: 'currency', title: `${F}.currency` },
    { key: 'creditPermanent', title: `${F}.creditPermanent`, render: (r) => money(r.creditPermanent) },
    { key: 'creditTemporary', title: `${F}.creditTemporary`, render: (r) => money(r.creditTemporary) },
    { key: 'creditUsed', title: `${F}.creditUsed`, render: (r) => money(r.creditUsed) },
    { key: 'state', title: `${F}.state`, render: (r) => label(MERCHANT_STATE, r.state) },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
  ];
  if (may.load || may.update) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => (
        <RowActions>
          {may.load && <RowAction label="base.merchants.view" onClick={() => setShown(r.mchId)} testId={`merchant-view-${r.mchId}`} />}
          {may.update && <RowAction label="form.edit" onClick={() => setEditing(r.mchId)} testId={`merchant-edit-${r.mchId}`} />}
        </RowActions>
      ),
    });
  }
  return (
    <ListPage
      title={title}
      onInquire={f.inquire}
      onReset={f.reset}
      actions={may.save && <AddButton onClick={() => setEditing('new')} testId="merchant-add" />}
      filters={
        <>
          <TextFilter label={`${F}.mchName`} value={f.draft.mchName} onChange={(v) => f.set('mchName', v)} testId="merchants-name" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={MERCHANT_STATE} testId="merchants-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.mchId} testId={testId} />
      {editing && (
        <MerchantDialog
          kind={kind}
          mchId={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {shown !== null && <MerchantDetail kind={kind} mchId={shown} onClose={() => setShown(null)} />}
    </ListPage>
  );
}
