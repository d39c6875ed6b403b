// The tenant's API users (a merchant's user: its merchant's), newest first:
// auth-center GET /saas/account/api/list. The secret is never answered, only the app key.
import { useCallback } from 'react';
import { api, dateTime, DataTable, type Column, type Page, ListPage, Clip, TextFilter, useEnumLabel, useFilters } from '@tradewind/shared';
import { API_MSC_TYPE, API_USER_STATE } from '../../enums';

/** `ApiUserView` of auth-center. */
export interface ApiUserRow {
  id: number;
  name: string;
  mscType: number;
  /** 0 for the tenant's own. */
  mchId: number;
  appKey: string;
  state: number;
  remarks: string;
  createDate: number;
  modifyDate: number;
}

const EMPTY = { name: '' };
const F = 'base.apiUsers.fields';

export default function ApiUserList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
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
    { key: 'mscType', title: `${F}.mscType`, render: (r) => label(API_MSC_TYPE, r.mscType) },
    { key: 'mchId', title: `${F}.mchId`, render: (r) => (r.mchId ? r.mchId : '--') },
    { key: 'appKey', title: `${F}.appKey` },
    { key: 'state', title: `${F}.state`, render: (r) => label(API_USER_STATE, r.state) },
    { key: 'remarks', title: `${F}.remarks`, render: (r) => <Clip text={r.remarks} width={200} /> },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate) },
  ];
  return (
    <ListPage
      title="base.apiUsers.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={<TextFilter label={`${F}.name`} value={f.draft.name} onChange={(v) => f.set('name', v)} testId="api-users-name" />}
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-api-users-table" />
    </ListPage>
  );
}
