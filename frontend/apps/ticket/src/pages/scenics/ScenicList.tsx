// The tenant's scenic spots, newest first: ticket-app GET /saas/ticket/scenicInfos/list, narrowed
// by name (Chinese or English), rating, area (a country, province or city: everything in it),
// opening type and state. The tenant's staff see
// every state and add and change spots; a supplier sees the spots in the normal state and asks
// for a new spot or a change through a request an operator approves. A row opens the spot's
// suppliers, for a user who may list them.
import { useCallback, useState } from 'react';
import { Link, Typography } from '@mui/material';
import {
  AddButton,
  AreaPicker,
  api,
  Clip,
  DataTable,
  dateTime,
  ListPage,
  PERM,
  RowActions,
  SelectFilter,
  TextFilter,
  useEnumLabel,
  useFilters,
  useHolds,
  useIsTenantStaff,
  type Column,
  type Page,
} from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { SCENIC_OPEN, SCENIC_STAR, SCENIC_STATE } from '../../enums';
import { ScenicDialog } from './ScenicDialog';
import { openingOf } from './scenicForm';
import { suppliersPath } from './ScenicSupplierList';
import type { ScenicRow } from './types';

const EMPTY = { scenicName: '', star: '', areaId: '', openType: '', state: '' };
const F = 'ticket.scenics.fields';

export default function ScenicList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const staff = useIsTenantStaff();
  const mayAdd = useHolds(staff ? PERM.scenic.save : PERM.scenic.requestAdd);
  const mayChange = useHolds(staff ? PERM.scenic.update : PERM.scenic.requestModify);
  const mayLoad = useHolds(PERM.scenic.load);
  const maySuppliers = useHolds(PERM.scenicSupplier.list);
  const mayEdit = mayChange && mayLoad;
  const [editing, setEditing] = useState<number | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ScenicRow>>('ticket-app', '/saas/ticket/scenicInfos/list', {
        query: {
          page,
          resultNum: size,
          scenicName: applied.scenicName.trim(),
          star: applied.star,
          areaId: applied.areaId.trim(),
          openType: applied.openType,
          state: applied.state,
        },
      }),
    [applied],
  );
  const columns: Column<ScenicRow>[] = [
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
    { key: 'address', title: `${F}.address`, render: (r) => <Clip text={r.address} width={200} /> },
    {
      key: 'openType',
      title: `${F}.openType`,
      render: (r) => (
        <>
          {label(SCENIC_OPEN, r.openType)}
          {openingOf(r) && (
            <Typography variant="caption" color="text.secondary" component="div">
              {openingOf(r)}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'phone', title: `${F}.phone`, render: (r) => r.phone || '--' },
    { key: 'state', title: `${F}.state`, render: (r) => label(SCENIC_STATE, r.state) },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    ...(mayEdit || maySuppliers
      ? [
          {
            key: 'actions',
            title: 'ticket.scenics.actions',
            render: (r: ScenicRow) => (
              <RowActions>
                {mayEdit && (
                  <Link component="button" onClick={() => setEditing(r.scenicId)} data-testid={`scenic-edit-${r.scenicId}`} sx={{ whiteSpace: 'nowrap' }}>
                    <FormattedMessage id={staff ? 'ticket.scenics.edit' : 'ticket.scenics.requestModify'} />
                  </Link>
                )}
                {maySuppliers && (
                  <Link component={RouterLink} to={suppliersPath(r.scenicId)} data-testid={`scenic-suppliers-${r.scenicId}`} sx={{ whiteSpace: 'nowrap' }}>
                    <FormattedMessage id="ticket.scenics.suppliers" />
                  </Link>
                )}
              </RowActions>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage
      title="ticket.scenics.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={mayAdd && <AddButton onClick={() => setEditing(0)} testId="scenic-add" label={staff ? 'ticket.scenics.add' : 'ticket.scenics.requestAdd'} />}
      filters={
        <>
          <TextFilter label={`${F}.scenicName`} value={f.draft.scenicName} onChange={(v) => f.set('scenicName', v)} testId="scenics-name" />
          <SelectFilter label={`${F}.star`} value={f.draft.star} onChange={(v) => f.set('star', v)} enumeration={SCENIC_STAR} testId="scenics-star" />
          <AreaPicker label={`${F}.areaId`} value={f.draft.areaId} onChange={(v) => f.set('areaId', v)} testId="scenics-area" width={140} />
          <SelectFilter label={`${F}.openType`} value={f.draft.openType} onChange={(v) => f.set('openType', v)} enumeration={SCENIC_OPEN} testId="scenics-open-type" />
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={SCENIC_STATE} testId="scenics-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.scenicId} testId="ticket-scenics-table" />
      <ScenicDialog
        scenicId={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          f.refresh();
        }}
      />
    </ListPage>
  );
}
