// The tenant's system scenic spots, the ones ticket products are made on (normal state only):
// GET /saas/product/scenicProducts/listForScenic, narrowed by name, rating, area (a country,
// province or city: everything in it) and opening type, with the count of their ticket products (a supplier's own). A supplier sees its relationship with each spot (and may narrow to one state of
// it) and applies to supply a spot it has none with, or one it was stopped on, after a
// question: POST /saas/ticket/scenicSuppliers/apply.
import { useCallback } from 'react';
import { Link, Typography } from '@mui/material';
import {
  api,
  AreaPicker,
  Clip,
  DataTable,
  ListPage,
  PERM,
  SelectFilter,
  TextFilter,
  useConfirm,
  useEnumLabel,
  useFilters,
  useHolds,
  useIsTenantStaff,
  type Column,
  type Page,
} from '@tradewind/shared';
import { FormattedMessage, useIntl } from 'react-intl';
import { SCENIC_OPEN, SCENIC_STAR, SCENIC_SUPPLIER_STATE } from '../../enums';
import { openingOf } from './scenicForm';
import type { ScenicForProduct } from './types';

const EMPTY = { scenicName: '', star: '', areaId: '', openType: '', supplierState: '' };
const F = 'ticket.scenics.fields';
/** No relationship yet. */
const NONE = -1;
const STOPPED = 2;

/** Whether a supplier may apply to supply a spot: no relationship, or a stopped one. */
export const mayApplyFrom = (supplierState: number) => supplierState === NONE || supplierState === STOPPED;

export default function SystemScenicList() {
  const label = useEnumLabel();
  const intl = useIntl();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const staff = useIsTenantStaff();
  const mayApply = useHolds(PERM.scenicSupplier.apply) && !staff;
  const confirm = useConfirm();
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ScenicForProduct>>('ticket-app', '/saas/product/scenicProducts/listForScenic', {
        query: {
          page,
          resultNum: size,
          scenicName: applied.scenicName.trim(),
          star: applied.star,
          areaId: applied.areaId.trim(),
          openType: applied.openType,
          supplierState: applied.supplierState,
        },
      }),
    [applied],
  );
  const apply = (r: ScenicForProduct) =>
    confirm.ask(intl.formatMessage({ id: 'ticket.systemScenics.applyQuestion' }, { name: r.scenicName }), () =>
      api.post('ticket-app', '/saas/ticket/scenicSuppliers/apply', { scenicId: r.scenicId }).then(() => f.refresh()),
    );
  const columns: Column<ScenicForProduct>[] = [
    { key: 'scenicId', title: `${F}.scenicId`, width: 90 },
    {
      key: 'scenicName',
      title: `${F}.scenicName`,
      render: (r) => (
        <>
          {r.scenicName}
          {r.scenicNameEn && (
            <Typography variant="caption" color="text.secondary" component="div">
              {r.scenicNameEn}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'star', title: `${F}.star`, render: (r) => label(SCENIC_STAR, r.star) },
    { key: 'zoneName', title: `${F}.zoneName`, render: (r) => [r.zoneName, r.areaId].filter(Boolean).join(' / ') || '--' },
    { key: 'address', title: `${F}.address`, render: (r) => <Clip text={r.address} width={220} /> },
    { key: 'openType', title: `${F}.openType`, render: (r) => [label(SCENIC_OPEN, r.openType), openingOf(r)].filter(Boolean).join(' ') },
    { key: 'productCount', title: 'ticket.systemScenics.productCount', render: (r) => r.productCount },
    ...(staff
      ? []
      : [
          {
            key: 'supplierState',
            title: 'ticket.systemScenics.supplierState',
            render: (r: ScenicForProduct) => (r.supplierState === NONE ? intl.formatMessage({ id: 'ticket.systemScenics.none' }) : label(SCENIC_SUPPLIER_STATE, r.supplierState)),
          },
        ]),
    ...(mayApply
      ? [
          {
            key: 'actions',
            title: 'ticket.scenics.actions',
            render: (r: ScenicForProduct) =>
              mayApplyFrom(r.supplierState) && (
                <Link component="button" onClick={() => apply(r)} data-testid={`scenic-apply-${r.scenicId}`} sx={{ whiteSpace: 'nowrap' }}>
                  <FormattedMessage id="ticket.systemScenics.apply" />
                </Link>
              ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="ticket.systemScenics.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <TextFilter label={`${F}.scenicName`} value={f.draft.scenicName} onChange={(v) => f.set('scenicName', v)} testId="system-scenics-name" />
          <SelectFilter label={`${F}.star`} value={f.draft.star} onChange={(v) => f.set('star', v)} enumeration={SCENIC_STAR} testId="system-scenics-star" />
          <AreaPicker label={`${F}.areaId`} value={f.draft.areaId} onChange={(v) => f.set('areaId', v)} testId="system-scenics-area" width={140} />
          <SelectFilter label={`${F}.openType`} value={f.draft.openType} onChange={(v) => f.set('openType', v)} enumeration={SCENIC_OPEN} testId="system-scenics-open-type" />
          {!staff && (
            <SelectFilter
              label="ticket.systemScenics.supplierState"
              value={f.draft.supplierState}
              onChange={(v) => f.set('supplierState', v)}
              enumeration={SCENIC_SUPPLIER_STATE}
              testId="system-scenics-supplier-state"
            />
          )}
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.scenicId} testId="ticket-system-scenics-table" />
      {confirm.element}
    </ListPage>
  );
}
