// The tenant's permission groups, by name: auth-center GET /saas/account/group/list; adding and
// changing them in a dialog.
import { useCallback, useState } from 'react';
import { AddButton, api, Clip, DataTable, dateTime, ListPage, PERM, RowAction, TextFilter, useFilters, useHolds, type Column, type Page } from '@tradewind/shared';
import { GroupDialog } from './GroupDialog';
import type { GroupRow } from './types';

const EMPTY = { name: '' };
const F = 'base.groups.fields';

export default function GroupList() {
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const maySave = useHolds(PERM.group.save);
  const mayUpdate = useHolds(PERM.group.update);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<GroupRow>>('auth-center', '/saas/account/group/list', {
        query: { page, resultNum: size, name: applied.name.trim() },
      }),
    [applied],
  );
  const columns: Column<GroupRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'name', title: `${F}.name` },
    { key: 'remarks', title: `${F}.remarks`, render: (r) => <Clip text={r.remarks} width={200} /> },
    { key: 'permCount', title: `${F}.permCount`, render: (r) => r.permCodes.length },
    { key: 'permCodes', title: `${F}.permCodes`, render: (r) => <Clip text={r.permCodes.join(', ')} width={320} /> },
    { key: 'userCount', title: `${F}.userCount` },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate) },
  ];
  if (mayUpdate) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => <RowAction label="form.edit" onClick={() => setEditing(r.id)} testId={`group-edit-${r.id}`} />,
    });
  }
  return (
    <ListPage
      title="base.groups.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={maySave && <AddButton onClick={() => setEditing('new')} testId="group-add" />}
      filters={<TextFilter label={`${F}.name`} value={f.draft.name} onChange={(v) => f.set('name', v)} testId="groups-name" />}
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-groups-table" />
      {editing && (
        <GroupDialog
          id={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </ListPage>
  );
}
