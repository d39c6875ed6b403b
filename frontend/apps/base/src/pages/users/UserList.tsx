// Account users of the tenant (a merchant's user: its merchant's), newest first:
// auth-center GET /saas/account/user/list.
import { useCallback } from 'react';
import { api, dateTime, DataTable, type Column, type Page, ListPage, SelectFilter, TextFilter, useEnumLabel, useFilters } from '@tradewind/shared';
import { useIntl } from 'react-intl';
import { MSC_TYPE, USER_STATE } from '../../enums';

/** `UserView` of auth-center (the fields this list shows). */
export interface UserRow {
  id: number;
  username: string;
  realName: string;
  mobile: string;
  email: string;
  mscType: number;
  userState: number;
  lastLoginDate: number | null;
  loginCount: number;
  lockedUntil: number | null;
  createDate: number;
}

const EMPTY = { username: '', userState: '' };
const F = 'base.users.fields';

export default function UserList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<UserRow>>('auth-center', '/saas/account/user/list', {
        query: { page, resultNum: size, username: applied.username.trim(), userState: applied.userState },
      }),
    [applied],
  );
  const columns: Column<UserRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'username', title: `${F}.username` },
    { key: 'realName', title: `${F}.realName`, render: (r) => r.realName || '--' },
    { key: 'mobile', title: `${F}.mobile`, render: (r) => r.mobile || '--' },
    { key: 'email', title: `${F}.email`, render: (r) => r.email || '--' },
    { key: 'mscType', title: `${F}.mscType`, render: (r) => label(MSC_TYPE, r.mscType) },
    {
      key: 'userState',
      title: `${F}.userState`,
      render: (r) =>
        r.lockedUntil
          ? intl.formatMessage({ id: 'base.users.lockedUntil' }, { time: dateTime(r.lockedUntil) })
          : label(USER_STATE, r.userState),
    },
    { key: 'lastLoginDate', title: `${F}.lastLoginDate`, render: (r) => dateTime(r.lastLoginDate) },
    { key: 'loginCount', title: `${F}.loginCount` },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
  ];
  return (
    <ListPage
      title="base.users.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <TextFilter label={`${F}.username`} value={f.draft.username} onChange={(v) => f.set('username', v)} testId="users-username" />
          <SelectFilter label={`${F}.userState`} value={f.draft.userState} onChange={(v) => f.set('userState', v)} enumeration={USER_STATE} testId="users-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-users-table" />
    </ListPage>
  );
}
