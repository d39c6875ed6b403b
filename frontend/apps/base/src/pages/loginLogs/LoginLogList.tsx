// Logins to the tenant's accounts, newest first: auth-center GET /saas/log/userLog/listUserLoginLog.
import { useCallback } from 'react';
import { api, Clip, DataTable, DateFilter, dateTime, ListPage, SelectFilter, TextFilter, useEnumLabel, useFilters, type Column, type Page } from '@tradewind/shared';
import { dayEndMs, dayStartMs } from '../../dates';
import { LOGIN_RESULT } from '../../enums';
import type { LoginLogRow } from './types';

const EMPTY = { username: '', result: '', startDate: '', endDate: '' };
const F = 'base.loginLogs.fields';

export default function LoginLogList() {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied } = f;
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<LoginLogRow>>('auth-center', '/saas/log/userLog/listUserLoginLog', {
        query: {
          page,
          resultNum: size,
          username: applied.username.trim(),
          result: applied.result,
          startTime: dayStartMs(applied.startDate),
          endTime: dayEndMs(applied.endDate),
        },
      }),
    [applied],
  );
  const columns: Column<LoginLogRow>[] = [
    { key: 'id', title: `${F}.id`, width: 90 },
    { key: 'username', title: `${F}.username` },
    { key: 'ip', title: `${F}.ip` },
    { key: 'userAgent', title: `${F}.userAgent`, render: (r) => <Clip text={r.userAgent} /> },
    { key: 'result', title: `${F}.result`, render: (r) => label(LOGIN_RESULT, r.result) },
    { key: 'message', title: `${F}.message`, render: (r) => <Clip text={r.message} /> },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
  ];
  return (
    <ListPage
      title="base.loginLogs.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <TextFilter label={`${F}.username`} value={f.draft.username} onChange={(v) => f.set('username', v)} testId="login-logs-username" />
          <SelectFilter label={`${F}.result`} value={f.draft.result} onChange={(v) => f.set('result', v)} enumeration={LOGIN_RESULT} testId="login-logs-result" />
          <DateFilter label="base.common.startDate" value={f.draft.startDate} onChange={(v) => f.set('startDate', v)} testId="login-logs-start" />
          <DateFilter label="base.common.endDate" value={f.draft.endDate} onChange={(v) => f.set('endDate', v)} testId="login-logs-end" />
        </>
      }
    >
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-login-logs-table" />
    </ListPage>
  );
}
