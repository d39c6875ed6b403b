// The tenant's scenic spots, newest first: ticket-app GET /saas/ticket/scenicInfos/list, narrowed
// by name (Chinese or English), star and state. The tenant's staff see every state and add and
// change spots; a merchant's users see the spots in the normal state.
import { useCallback, useState } from 'react';
import { Link, Typography } from '@mui/material';
import { AddButton, api, Clip, DataTable, dateTime, ListPage, PERM, SelectFilter, TextFilter, useEnumLabel, useFilters, useHolds, type Column, type Page } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { SCENIC_STAR, SCENIC_STATE } from '../../enums';
import { ScenicDialog } from './ScenicDialog';
import type { ScenicRow } from './types';

const EMPTY = { scenicName: '', star: '', state: '' };
const F = 'ticket.scenics.fields';

export default function ScenicList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const mayAdd = useHolds(PERM.scenic.save);
  const mayUpdate = useHolds(PERM.scenic.update);
  const mayLoad = useHolds(PERM.scenic.load);
  const mayEdit = mayUpdate && mayLoad;
  const [editing, setEditing] = useState<number | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ScenicRow>>('ticket-app', '/saas/ticket/scenicInfos/list', {
        query: { page, resultNum: size, scenicName: applied.scenicName.trim(), star: applied.star, state: applied.state },
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
    { key: 'address', title: `${F}.address`, render: (r) => <Clip text={r.address} /> },
    { key: 'phone', title: `${F}.phone`, render: (r) => r.phone || '--' },
    { key: 'state', title: `${F}.state`, render: (r) => label(SCENIC_STATE, r.state) },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate) },
    ...(mayEdit
      ? [
          {
            key: 'actions',
            title: 'ticket.scenics.actions',
            render: (r: ScenicRow) => (
              <Link component="button" onClick={() => setEditing(r.scenicId)} data-testid={`scenic-edit-${r.scenicId}`}>
                <FormattedMessage id="ticket.scenics.edit" />
              </Link>
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
      actions={mayAdd && <AddButton onClick={() => setEditing(0)} testId="scenic-add" label="ticket.scenics.add" />}
      filters={
        <>
          <TextFilter label={`${F}.scenicName`} value={f.draft.scenicName} onChange={(v) => f.set('scenicName', v)} testId="scenics-name" />
          <SelectFilter label={`${F}.star`} value={f.draft.star} onChange={(v) => f.set('star', v)} enumeration={SCENIC_STAR} testId="scenics-star" />
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
