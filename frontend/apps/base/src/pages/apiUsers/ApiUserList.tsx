// The tenant's API users (a merchant's user: its merchant's), newest first:
// auth-center GET /saas/account/api/list. The secret is never listed, only the app key; adding
// and changing them in a dialog.
import { useCallback, useState } from 'react';
import { AddButton, api, Clip, DataTable, dateTime, ListPage, MSC_TYPE, PERM, RowAction, TextFilter, useEnumLabel, useFilters, useHolds, type Column, type Page } from '@tradewind/shared';
import { ApiUserDialog } from './ApiUserDialog';
import { API_USER_STATE } from '../../enums';
import type { ApiUserRow } from './types';

const EMPTY = { name: '' };
const F = 'base.apiUsers.fields';

export default function ApiUserList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const maySave = useHolds(PERM.apiUser.save);
  const mayUpdate = useHolds(PERM.apiUser.update);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ApiUserRow>>('auth-center', '/saas/account/api/list', {
        query: { page, resultNum: size, name: applied.name.trim() },
      }),
    [applied],
  );
  const columns: Column<ApiUserRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'name', title: `${F}.name` },
    { key: 'mscType', title: `${F}.mscType`, render: (r) => label(MSC_TYPE, r.mscType) },
    { key: 'mchId', title: `${F}.mchId`, render: (r) => (r.mchId ? r.mchId : '--') },
    { key: 'appKey', title: `${F}.appKey` },
    { key: 'state', title: `${F}.state`, render: (r) => label(API_USER_STATE, r.state) },
    { key: 'remarks', title: `${F}.remarks`, render: (r) => <Clip text={r.remarks} width={200} /> },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate) },
  ];
  if (mayUpdate) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => <RowAction label="form.edit" onClick={() => setEditing(r.id)} testId={`api-user-edit-${r.id}`} />,
    });
  }
  return (
    <ListPage
      title="base.apiUsers.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={maySave && <AddButton onClick={() => setEditing('new')} testId="api-user-add" />}
      filters={<TextFilter label={`${F}.name`} value={f.draft.name} onChange={(v) => f.set('name', v)} testId="api-users-name" />}
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-api-users-table" />
      {editing && (
        <ApiUserDialog
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
