// Account users of the tenant (a merchant's user: its merchant's), newest first:
// auth-center GET /saas/account/user/list; adding and changing them in a dialog, locking,
// unlocking and disabling them after a question (from one menu per row: the table fits a 1440 px
// screen, the username with the real name and the mobile with the e-mail sharing a column).
import { useCallback, useState } from 'react';
import {
  AddButton,
  api,
  DataTable,
  dateTime,
  ListPage,
  MSC_TYPE,
  PERM,
  RowAction,
  RowActions,
  SelectFilter,
  TextFilter,
  useConfirm,
  useEnumLabel,
  useFilters,
  useHolds,
  useSession,
  type Column,
  type Page,
} from '@tradewind/shared';
import { Box, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { USER_STATE } from '../../enums';
import { UserDialog } from './UserDialog';
import { UserStateMenu, type StateAction } from './UserStateMenu';
import type { UserRow } from './types';

const EMPTY = { username: '', userState: '' };
const F = 'base.users.fields';
const U = '/saas/account/user';

export default function UserList() {
  const intl = useIntl();
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const confirm = useConfirm();
  const me = useSession().user?.id;
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const may = {
    save: useHolds(PERM.user.save),
    update: useHolds(PERM.user.update),
    lock: useHolds(PERM.user.lock),
    unlock: useHolds(PERM.user.unlock),
    disable: useHolds(PERM.user.disable),
  };
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<UserRow>>('auth-center', `${U}/list`, {
        query: { page, resultNum: size, username: applied.username.trim(), userState: applied.userState },
      }),
    [applied],
  );
  const ask = (action: StateAction, r: UserRow) =>
    confirm.ask(intl.formatMessage({ id: `base.users.confirm.${action}` }, { name: r.username }), () =>
      api.put('auth-center', `${U}/${action}`, { id: r.id }).then(refresh),
    );
  // Locked by wrong passwords counts as locked: unlocking clears it.
  const locked = (r: UserRow) => r.userState === 1 || Boolean(r.lockedUntil);
  // Nobody locks or disables themselves (the service refuses it too).
  const other = (r: UserRow) => r.id !== me;
  const stateActions = (r: UserRow): StateAction[] => {
    const out: StateAction[] = [];
    if (may.lock && other(r) && !locked(r) && r.userState !== 2) out.push('lock');
    if (may.unlock && (locked(r) || r.userState === 2)) out.push('unlock');
    if (may.disable && other(r) && r.userState !== 2) out.push('disable');
    return out;
  };
  const columns: Column<UserRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'username', title: 'base.users.user', render: (r) => <TwoLines first={r.username} second={r.realName} /> },
    {
      key: 'mobile',
      title: 'base.users.contact',
      render: (r) => (r.mobile || r.email ? <TwoLines first={r.mobile || r.email} second={r.mobile ? r.email : ''} /> : '--'),
    },
    { key: 'mscType', title: `${F}.mscType`, render: (r) => label(MSC_TYPE, r.mscType) },
    {
      key: 'userState',
      title: `${F}.userState`,
      render: (r) =>
        r.lockedUntil
          ? intl.formatMessage({ id: 'base.users.lockedUntil' }, { time: dateTime(r.lockedUntil) })
          : label(USER_STATE, r.userState),
    },
    { key: 'lastLoginDate', title: `${F}.lastLoginDate`, render: (r) => <Time ms={r.lastLoginDate ?? null} /> },
    { key: 'loginCount', title: `${F}.loginCount` },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => <Time ms={r.createDate} /> },
  ];
  if (may.update || may.lock || may.unlock || may.disable) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => (
        <RowActions>
          {may.update && <RowAction label="form.edit" onClick={() => setEditing(r)} testId={`user-edit-${r.id}`} />}
          <UserStateMenu userId={r.id} actions={stateActions(r)} onPick={(a) => ask(a, r)} />
        </RowActions>
      ),
    });
  }
  return (
    <ListPage
      title="base.users.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={may.save && <AddButton onClick={() => setEditing('new')} testId="user-add" />}
      filters={
        <>
          <TextFilter label={`${F}.username`} value={f.draft.username} onChange={(v) => f.set('username', v)} testId="users-username" />
          <SelectFilter label={`${F}.userState`} value={f.draft.userState} onChange={(v) => f.set('userState', v)} enumeration={USER_STATE} testId="users-state" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-users-table" />
      {editing && (
        <UserDialog
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

/** A main value over a secondary one (omitted when empty), in one narrow cell. */
function TwoLines({ first, second }: { first: string; second: string }) {
  return (
    <Box>
      <div>{first}</div>
      {second && (
        <Typography variant="caption" color="text.secondary" component="div">
          {second}
        </Typography>
      )}
    </Box>
  );
}

/** A date and time on two lines, the date never broken at its dashes. */
function Time({ ms }: { ms: number | null }) {
  const [date, time] = dateTime(ms).split(' ');
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <div>{date}</div>
      {time && <div>{time}</div>}
    </Box>
  );
}
