// The suppliers of the tenant's scenic spots (`stateScenicSupplier`), newest first:
// GET /saas/ticket/scenicSuppliers/list (the tenant's staff see all, a supplier its own),
// narrowed by spot, supplier and state. The staff accept a pending supplier, stop a pending or
// cooperating one and resume a stopped one, with a remark: PUT /saas/ticket/scenicSuppliers/changeState.
import { useCallback, useState } from 'react';
import { Link } from '@mui/material';
import {
  api,
  Clip,
  DataTable,
  dateTime,
  ListPage,
  PERM,
  RemarkQuestion,
  RowActions,
  SelectFilter,
  TextFilter,
  useEnumLabel,
  useFilters,
  useHolds,
  useIsTenantStaff,
  useMerchantOptions,
  type Column,
  type Page,
} from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { appPath } from '../../app';
import { SCENIC_SUPPLIER_STATE } from '../../enums';
import type { ScenicSupplierRow } from './types';

const F = 'ticket.scenicSuppliers.fields';
/** `stateScenicSupplier`. */
const PENDING = 0;
const COOPERATING = 1;
const STOPPED = 2;

/** The changes the staff may make from each state, as ticket-app's domain/scenic_supplier.rs allows them. */
export const SUPPLIER_ACTIONS: { action: 'accept' | 'stop' | 'resume'; from: number[]; to: number }[] = [
  { action: 'accept', from: [PENDING], to: COOPERATING },
  { action: 'stop', from: [PENDING, COOPERATING], to: STOPPED },
  { action: 'resume', from: [STOPPED], to: COOPERATING },
];

/** The suppliers page of one spot. */
export function suppliersPath(scenicId: number): string {
  return `${appPath('scenic/scenicSuppliers/list')}?scenicId=${scenicId}`;
}

type Change = { row: ScenicSupplierRow; action: string; to: number };

export default function ScenicSupplierList() {
  const label = useEnumLabel();
  const [params] = useSearchParams();
  const start = { scenicId: params.get('scenicId') ?? '', mchId: '', state: '' };
  const f = useFilters({ scenicId: '', mchId: '', state: '' }, start);
  const { applied } = f;
  const staff = useIsTenantStaff();
  const suppliers = useMerchantOptions('supplier', staff);
  const mayChange = useHolds(PERM.scenicSupplier.changeState) && staff;
  const [changing, setChanging] = useState<Change | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ScenicSupplierRow>>('ticket-app', '/saas/ticket/scenicSuppliers/list', {
        query: { page, resultNum: size, scenicId: applied.scenicId, mchId: applied.mchId, state: applied.state },
      }),
    [applied],
  );
  const columns: Column<ScenicSupplierRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'scenicName', title: `${F}.scenicName`, render: (r) => `${r.scenicName} (${r.scenicId})` },
    { key: 'mchName', title: `${F}.mchName`, render: (r) => `${r.mchName || '--'} (${r.mchId})` },
    { key: 'state', title: `${F}.state`, render: (r) => label(SCENIC_SUPPLIER_STATE, r.state) },
    { key: 'remark', title: `${F}.remark`, render: (r) => <Clip text={r.remark} width={200} /> },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate) },
    ...(mayChange
      ? [
          {
            key: 'actions',
            title: 'ticket.scenics.actions',
            render: (r: ScenicSupplierRow) => (
              <RowActions>
                {SUPPLIER_ACTIONS.filter((a) => a.from.includes(r.state)).map((a) => (
                  <Link
                    key={a.action}
                    component="button"
                    color={a.action === 'stop' ? 'error' : undefined}
                    onClick={() => setChanging({ row: r, action: a.action, to: a.to })}
                    data-testid={`scenic-supplier-${a.action}-${r.id}`}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    <FormattedMessage id={`ticket.scenicSuppliers.${a.action}`} />
                  </Link>
                ))}
              </RowActions>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="ticket.scenicSuppliers.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <TextFilter label={`${F}.scenicId`} value={f.draft.scenicId} onChange={(v) => f.set('scenicId', v)} testId="scenic-suppliers-scenic" digits width={190} />
          {staff && (
            <SelectFilter label={`${F}.mchName`} value={f.draft.mchId} onChange={(v) => f.set('mchId', v)} options={suppliers} testId="scenic-suppliers-mch" width={200} />
          )}
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={SCENIC_SUPPLIER_STATE} testId="scenic-suppliers-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="ticket-scenic-suppliers-table" />
      {changing && (
        <RemarkQuestion
          title={`ticket.scenicSuppliers.${changing.action}Question`}
          label={`${F}.remark`}
          submitLabel={`ticket.scenicSuppliers.${changing.action}`}
          testId="scenic-supplier-change"
          // The remark is kept on the relationship.
          send={(remark) => api.put('ticket-app', '/saas/ticket/scenicSuppliers/changeState', { id: changing.row.id, state: changing.to, remark })}
          onClose={() => setChanging(null)}
          onDone={() => {
            setChanging(null);
            f.refresh();
          }}
        />
      )}
    </ListPage>
  );
}
