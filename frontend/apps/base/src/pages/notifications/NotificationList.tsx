// The signed-in user's web notifications, unread first: message-server
// GET /saas/notify/message/list; marking them read: PUT /saas/notify/message/read {ids}.
import { useCallback, useState } from 'react';
import { Button, Checkbox, FormControlLabel, Link } from '@mui/material';
import { api, DataTable, dateTime, ListPage, NOTIFY_TYPE, useEnumLabel, useFilters, type Column, type Page } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { NotificationRow } from './types';

const EMPTY = { unread: false };
const F = 'base.notifications.fields';

/** Marks notifications read; an empty list marks all of the user's. */
function markRead(ids: number[]) {
  return api.put<{ changed: number }>('message-server', '/saas/notify/message/read', { ids });
}

export default function NotificationList() {
  const label = useEnumLabel();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<NotificationRow>>('message-server', '/saas/notify/message/list', {
        query: { page, resultNum: size, unread: applied.unread ? true : undefined },
      }),
    [applied],
  );
  const mark = async (ids: number[]) => {
    setBusy(true);
    try {
      await markRead(ids);
      refresh();
    } catch {
      // The API client has told the user.
    } finally {
      setBusy(false);
    }
  };
  const open = async (r: NotificationRow) => {
    if (!r.read) await markRead([r.id]).catch(() => undefined);
    navigate(r.actionUrl);
  };
  const columns: Column<NotificationRow>[] = [
    { key: 'notifyType', title: `${F}.notifyType`, render: (r) => label(NOTIFY_TYPE, r.notifyType) },
    {
      key: 'message',
      title: `${F}.message`,
      render: (r) =>
        r.actionUrl.startsWith('/') ? (
          <Link component="button" variant="body2" onClick={() => void open(r)} sx={{ textAlign: 'left', fontWeight: r.read ? 400 : 600 }}>
            {r.message}
          </Link>
        ) : (
          r.message
        ),
    },
    { key: 'refId', title: `${F}.refId`, render: (r) => r.refId || '--' },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
    {
      key: 'readDate',
      title: `${F}.readDate`,
      render: (r) => (r.read ? dateTime(r.readDate) : <FormattedMessage id="base.notifications.unread" />),
    },
    {
      key: 'actions',
      title: 'base.common.actions',
      render: (r) =>
        r.read ? null : (
          <Button size="small" disabled={busy} onClick={() => void mark([r.id])} data-testid={`mark-read-${r.id}`}>
            <FormattedMessage id="base.notifications.markRead" />
          </Button>
        ),
    },
  ];
  return (
    <ListPage
      title="base.notifications.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <FormControlLabel
          label={<FormattedMessage id="base.notifications.unreadOnly" />}
          control={
            <Checkbox
              size="small"
              checked={f.draft.unread}
              onChange={(e) => f.set('unread', e.target.checked)}
              data-testid="notifications-unread"
            />
          }
        />
      }
      actions={
        <Button variant="outlined" size="small" disabled={busy} onClick={() => void mark([])} data-testid="mark-all-read">
          <FormattedMessage id="base.notifications.markAllRead" />
        </Button>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-notifications-table" />
    </ListPage>
  );
}
