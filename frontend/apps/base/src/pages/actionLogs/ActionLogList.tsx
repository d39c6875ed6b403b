// What the tenant's accounts did, newest first: auth-center GET /saas/log/userLog/listUserActionLog.
// `action` is auth-center's own name (`user.create`, `group.update`, `password.change`) or the
// HTTP method of a request the gateway saw (its path and status in `target`): shown as it is.
import { useCallback } from 'react';
import { api, dateTime, DataTable, type Column, type Page, ListPage, Clip, DateFilter, TextFilter, useFilters } from '@tradewind/shared';
import { dayEndMs, dayStartMs } from '../../dates';
import type { ActionLogRow } from './types';

const EMPTY = { username: '', action: '', startDate: '', endDate: '' };
const F = 'base.actionLogs.fields';

export default function ActionLogList() {
  const f = useFilters(EMPTY);
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<ActionLogRow>>('auth-center', '/saas/log/userLog/listUserActionLog', {
        query: {
          page,
          resultNum: size,
          username: applied.username.trim(),
          action: applied.action.trim(),
          startTime: dayStartMs(applied.startDate),
          endTime: dayEndMs(applied.endDate),
        },
      }),
    [applied],
  );
  const columns: Column<ActionLogRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'username', title: `${F}.username`, render: (r) => r.username || '--' },
    { key: 'action', title: `${F}.action` },
    { key: 'target', title: `${F}.target`, render: (r) => <Clip text={r.target} width={320} /> },
    { key: 'ip', title: `${F}.ip`, render: (r) => r.ip || '--' },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
  ];
  return (
    <ListPage
      title="base.actionLogs.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <TextFilter label={`${F}.username`} value={f.draft.username} onChange={(v) => f.set('username', v)} testId="action-logs-username" />
          <TextFilter label={`${F}.action`} value={f.draft.action} onChange={(v) => f.set('action', v)} testId="action-logs-action" />
          <DateFilter label="base.common.startDate" value={f.draft.startDate} onChange={(v) => f.set('startDate', v)} testId="action-logs-start" />
          <DateFilter label="base.common.endDate" value={f.draft.endDate} onChange={(v) => f.set('endDate', v)} testId="action-logs-end" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-action-logs-table" />
    </ListPage>
  );
}
